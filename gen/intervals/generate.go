package intervals

// The spec is fetched by `make spec` into openapi/intervals-icu.json (never committed).
//go:generate go run ../../openapi/prep -in ../../openapi/intervals-icu.json -out ../../openapi/build/spec.json -ops operations.gen.go -docs docs.gen.go -sha ../../openapi/spec.sha256
//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen -config ../../openapi/client.yaml ../../openapi/build/spec.json
//go:generate go run ../../openapi/prep -in ../../openapi/build/spec.json -client intervals.gen.go -methods methods.gen.go
