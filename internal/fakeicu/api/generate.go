package api

//go:generate go run ../../../openapi/prep -in ../../../openapi/intervals-icu.json -out ../../../openapi/build/spec.json
//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen -config ../../../openapi/fake.yaml ../../../openapi/build/spec.json
