package intervals

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
)

// NewMultipartFile encodes r as the one file of a multipart/form-data body, for the five
// upload operations (UploadActivity, UploadActivityStreamsCSV, UploadWellness,
// ImportWorkoutFile, UpdateCustomItemImage), which take it through their WithBody methods:
//
//	ct, body, err := intervals.NewMultipartFile("file", "ride.fit", f)
//	if err != nil { ... }
//	resp, err := c.UploadActivityWithBodyWithResponse(ctx, "0", nil, ct, body)
//
// The file is read into memory, so the body can be sent again when a retry is needed.
func NewMultipartFile(field, filename string, r io.Reader) (contentType string, body io.Reader, err error) {
	if field == "" || filename == "" {
		return "", nil, errors.New("intervals: multipart file: field and filename must not be empty (the API's field is \"file\")")
	}
	if r == nil {
		return "", nil, fmt.Errorf("intervals: multipart file %s: no content to read", filename)
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile(field, filename)
	if err != nil {
		return "", nil, fmt.Errorf("intervals: multipart file %s: %w", filename, err)
	}
	if _, err := io.Copy(part, r); err != nil {
		return "", nil, fmt.Errorf("intervals: multipart file %s: reading it: %w", filename, err)
	}
	if err := w.Close(); err != nil {
		return "", nil, fmt.Errorf("intervals: multipart file %s: %w", filename, err)
	}
	return w.FormDataContentType(), bytes.NewReader(buf.Bytes()), nil
}
