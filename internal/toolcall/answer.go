package toolcall

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// ReadAnswer reads and closes an undecoded answer of Intervals.icu (the client has read it
// already, up to intervals.MaxAnswer); any status but 2xx is an error. Writes read their
// answers with it loosely: a 2xx is success whatever the body holds.
func ReadAnswer(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("read the answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("Intervals.icu answered %d", resp.StatusCode)
	}
	return b, nil
}

// PutEventFields sends a partial update of the call's athlete's event id: Intervals.icu
// changes the fields present (JSON names to values; nil clears one).
func (e *Env) PutEventFields(ctx context.Context, id int32, fields map[string]any) error {
	body, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	resp, err := e.Client.UpdateEventWithBody(ctx, e.AthleteID, id, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = ReadAnswer(resp)
	return err
}
