// Package caller is the identity of a request: who a tool call speaks for (the server's own
// credential, or a signed-in athlete with their Intervals.icu token), under which sign-in,
// with which scopes, and the caller key its budgets, confirmations and journals hang on.
//
// One type (Caller), one context key (With and From): the transport's resource-server gate
// puts the caller of a bearer token in the request's context, the MCP server reads it there
// to choose the call's Intervals.icu client, and the store's budget reads the call's key from
// it. No other context key carries a credential.
//
// Imports: the standard library only; nothing internal.
package caller
