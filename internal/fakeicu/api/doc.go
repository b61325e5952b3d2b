// Package api is the server interface of the embedded fake Intervals.icu, generated from the
// same prepared spec as the public client (gen/intervals). The fake implements it by hand.
//
// Imports: gen/intervals, whose DateTime its models share (openapi/fake.yaml maps it); nothing
// else of ours.
//
// The code is in server.gen.go, made by go generate (generate.go), whose own package comment
// follows.
package api
