package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// Custom items (charts, custom fields, zones...) carry content of any JSON shape; the spec
// types it as an object, so the generated decoders would fail on arrays or numbers. These
// tools read and write the raw JSON instead.

// itemFields are what create and update write (only the fields given).
type itemFields struct {
	Name        string          `json:"name,omitempty"`
	Description string          `json:"description,omitempty" jsonschema:"maxLength=4000"`
	Visibility  string          `json:"visibility,omitempty" jsonschema:"enum=PRIVATE,enum=FOLLOWERS,enum=PUBLIC"`
	Content     json.RawMessage `json:"content,omitempty" jsonschema_description:"Item definition, any JSON"`
}

// rawItem is a custom item with its content kept as raw JSON.
type rawItem struct {
	intervals.CustomItem
	Content json.RawMessage `json:"content,omitempty"`
}

type itemsIn struct{}

func getCustomItemsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_custom_items", Title: "Custom items",
		Description: "The athlete's custom items: charts, custom fields, zones.",
		Toolset:     manifest.CustomItems, Access: manifest.Read, Operations: []string{"listCustomItems"},
	}, getCustomItems)
}

func getCustomItems(ctx context.Context, env *toolcall.Env, _ itemsIn) (string, error) {
	resp, err := env.Client.ListCustomItems(ctx, env.AthleteID)
	b, err := readBody(env, "list custom items", resp, err)
	if err != nil {
		return "", err
	}
	var raw []rawItem
	if err := json.Unmarshal(b, &raw); err != nil {
		return "", fmt.Errorf("list custom items: the answer is not a list of items (%v)", err)
	}
	items := make([]intervals.CustomItem, len(raw))
	for i, r := range raw {
		items[i] = r.CustomItem
	}
	return format.CustomItems(items, env.MaxChars()), nil
}

func fetchItem(ctx context.Context, env *toolcall.Env, id int32) (rawItem, error) {
	resp, err := env.Client.GetCustomItem(ctx, env.AthleteID, id)
	b, err := readBody(env, fmt.Sprintf("read custom item %d", id), resp, err)
	if err != nil {
		return rawItem{}, err
	}
	var it rawItem
	if err := json.Unmarshal(b, &it); err != nil {
		return rawItem{}, fmt.Errorf("read custom item %d: the answer is not an item (%v)", id, err)
	}
	return it, nil
}

type itemIDIn struct {
	ItemID int32 `json:"item_id" jsonschema:"minimum=1" jsonschema_description:"Custom item id from get_custom_items"`
}

func getCustomItemByIDTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_custom_item_by_id", Title: "Custom item",
		Description: "One custom item with its JSON content.",
		Toolset:     manifest.CustomItems, Access: manifest.Read, Operations: []string{"getCustomItem"},
	}, getCustomItemByID)
}

func getCustomItemByID(ctx context.Context, env *toolcall.Env, in itemIDIn) (string, error) {
	it, err := fetchItem(ctx, env, in.ItemID)
	if err != nil {
		return "", err
	}
	return format.CustomItem(it.CustomItem, it.Content, env.MaxChars()), nil
}

// itemBody is the JSON written for a create or an update: only the fields given.
func itemBody(in itemFields, typ string) (io.Reader, error) {
	m := map[string]any{}
	if in.Name != "" {
		m["name"] = in.Name
	}
	if typ != "" {
		m["type"] = typ
	}
	if in.Description != "" {
		m["description"] = in.Description
	}
	if in.Visibility != "" {
		m["visibility"] = in.Visibility
	}
	if len(in.Content) > 0 {
		if !json.Valid(in.Content) {
			return nil, manifest.Errorf("content is not valid JSON")
		}
		m["content"] = in.Content
	}
	b, err := json.Marshal(m)
	return bytes.NewReader(b), err
}

type itemCreateIn struct {
	Type string `json:"type" jsonschema_description:"e.g. FITNESS_CHART, INPUT_FIELD, ACTIVITY_FIELD, ZONES"`
	itemFields
}

func createCustomItemTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "create_custom_item", Title: "Create a custom item",
		Description: "Create a custom item: name, type and its JSON content.",
		Toolset:     manifest.CustomItems, Access: manifest.Write, Operations: []string{"createCustomItem"},
		Aliases: []manifest.Alias{{Name: "item_type", For: "type"}},
	}, createCustomItem)
}

func createCustomItem(ctx context.Context, env *toolcall.Env, in itemCreateIn) (string, error) {
	if in.Name == "" || in.Type == "" {
		return "", manifest.Errorf("name and type are required to create a custom item")
	}
	body, err := itemBody(in.itemFields, in.Type)
	if err != nil {
		return "", err
	}
	resp, err := env.Client.CreateCustomItemWithBody(ctx, env.AthleteID, "application/json", body)
	b, err := readBody(env, "create the custom item", resp, err)
	if err != nil {
		return "", err
	}
	var it rawItem
	if json.Unmarshal(b, &it) != nil || it.Id == nil {
		return format.CustomItemWritten(0, nil, nil, env.MaxChars()), nil
	}
	return format.CustomItemWritten(0, &it.CustomItem, it.Content, env.MaxChars()), nil
}

type itemUpdateIn struct {
	ItemID int32 `json:"item_id" jsonschema:"minimum=1" jsonschema_description:"Custom item id from get_custom_items"`
	itemFields
}

func updateCustomItemTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "update_custom_item", Title: "Update a custom item",
		Description: "Change a custom item's name, description, visibility or content.",
		Toolset:     manifest.CustomItems, Access: manifest.Write, Idempotent: true, Operations: []string{"getCustomItem", "updateCustomItem"},
		Aliases: []manifest.Alias{refused("item_type", "an item's type cannot be changed: create a new item of that type (create_custom_item) and delete this one")},
	}, updateCustomItem)
}

func updateCustomItem(ctx context.Context, env *toolcall.Env, in itemUpdateIn) (string, error) {
	if _, err := fetchItem(ctx, env, in.ItemID); err != nil {
		return "", err
	}
	body, err := itemBody(in.itemFields, "")
	if err != nil {
		return "", err
	}
	resp, err := env.Client.UpdateCustomItemWithBody(ctx, env.AthleteID, in.ItemID, "application/json", body)
	b, err := readBody(env, fmt.Sprintf("update custom item %d", in.ItemID), resp, err)
	if err != nil {
		return "", err
	}
	var it rawItem
	if json.Unmarshal(b, &it) != nil || it.Id == nil {
		return format.CustomItemWritten(in.ItemID, nil, nil, env.MaxChars()), nil
	}
	return format.CustomItemWritten(in.ItemID, &it.CustomItem, it.Content, env.MaxChars()), nil
}

func deleteCustomItemTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "delete_custom_item", Title: "Delete a custom item",
		Description: "Delete a custom item by id.",
		Toolset:     manifest.CustomItems, Access: manifest.Destructive, Idempotent: true, Operations: []string{"getCustomItem", "deleteCustomItem"},
	}, deleteCustomItem)
}

func deleteCustomItem(ctx context.Context, env *toolcall.Env, in itemIDIn) (string, error) {
	it, err := fetchItem(ctx, env, in.ItemID)
	if err != nil {
		return "", err
	}
	resp, err := env.Client.DeleteCustomItem(ctx, env.AthleteID, in.ItemID)
	if _, err := readBody(env, fmt.Sprintf("delete custom item %d", in.ItemID), resp, err); err != nil {
		return "", err
	}
	return format.CustomItemDeleted(in.ItemID, deref(it.Name)), nil
}
