// Package config reads the settings of intervals-mcp from flags, the environment and a .env
// file, in that order of precedence (a flag wins over the environment, the environment over
// .env). The reference server's variable names work unchanged: API_KEY, ATHLETE_ID,
// INTERVALS_API_BASE_URL (with or without /api/v1), LOG_LEVEL, MCP_TRANSPORT, FASTMCP_HOST,
// FASTMCP_PORT; ours are MCP_AUTH_TOKEN, INTERVALS_ACCESS_TOKEN, INTERVALS_TOOLSETS,
// INTERVALS_READ_ONLY, INTERVALS_NO_DESTRUCTIVE, INTERVALS_CALL_TIMEOUT, and for HTTP
// MCP_SSE_MAX_SESSIONS, MCP_SSE_IDLE_TIMEOUT and MCP_SHUTDOWN_TIMEOUT; for OAuth sign-in
// MCP_PUBLIC_URL, INTERVALS_CLIENT_ID, INTERVALS_CLIENT_SECRET, MCP_SEAL_KEYS,
// MCP_SEAL_KEY_FILE and MCP_ACCESS_TOKEN_TTL, and its limits MCP_REGISTER_RATE,
// MCP_REGISTER_GLOBAL_RATE, MCP_AUTHORIZE_RATE, MCP_AUTHORIZE_GLOBAL_RATE, MCP_FETCH_RATE,
// MCP_FETCH_GLOBAL_RATE, MCP_MAX_CLIENTS, MCP_TRUSTED_PROXIES and MCP_FORWARDED_HEADER
// (oauth.go).
//
// Imports: internal/manifest, for the toolsets and filters it parses; never the server, the
// store or the client. It only reads settings: opening what they name is the caller's.
package config
