package manifest

// Prompt is a canned request a user can pick in their client (MCP prompts), such as a
// weekly review. Render turns the user's arguments into the text sent to the model.
type Prompt struct {
	Name        string // snake_case, unique
	Title       string
	Description string
	Args        []PromptArg
	// Render builds the prompt text. An error (for example a missing or malformed argument)
	// is shown to the user, so it must say what to fix.
	Render func(args map[string]string) (string, error)
}

// PromptArg is one argument of a Prompt.
type PromptArg struct {
	Name        string
	Description string
	Required    bool
}
