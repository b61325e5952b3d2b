// intervals-mcp as the official TypeScript MCP client sees it, over stdio, Streamable HTTP
// and legacy SSE, on the demo athlete, and its OAuth sign-in against --demo --public-url: every input schema must compile with ajv (JSON Schema
// 2020-12), tools must answer, and a range delete is confirmed over stateless HTTP. Run by e2e_test.go (go test ./internal/e2e, make e2e-node)
// with INTERVALS_MCP_BIN set to a built binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import Ajv2020 from 'ajv/dist/2020.js';

const bin = process.env.INTERVALS_MCP_BIN;
assert.ok(bin, 'set INTERVALS_MCP_BIN to the intervals-mcp binary');

// A clean environment: no API key from the machine, demo data only.
const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? '/tmp' };

function text(result) {
  return result.content.filter((c) => c.type === 'text').map((c) => c.text).join('');
}

async function exercise(client) {
  const { tools } = await client.listTools();
  assert.ok(tools.length >= 20, `only ${tools.length} tools`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const byName = new Map();
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, 'object', `${tool.name}: top-level type`);
    for (const k of ['anyOf', 'oneOf', 'allOf']) {
      assert.equal(tool.inputSchema[k], undefined, `${tool.name}: top-level ${k}`);
    }
    assert.ok(tool.annotations, `${tool.name}: annotations`);
    assert.equal(typeof tool.annotations.readOnlyHint, 'boolean', `${tool.name}: readOnlyHint`);
    byName.set(tool.name, ajv.compile(tool.inputSchema)); // throws if the schema does not compile
  }
  assert.ok(byName.get('get_events')({}), 'get_events accepts no arguments');
  assert.ok(!byName.get('get_events')({ bogus: 1 }), 'get_events refuses unknown arguments');

  const ctx = await client.callTool({ name: 'get_athlete_context', arguments: {} });
  assert.ok(!ctx.isError, text(ctx));
  assert.ok(text(ctx).length > 100, 'get_athlete_context answers');

  const bad = await client.callTool({ name: 'get_events', arguments: { bogus: 1 } });
  assert.equal(bad.isError, true);
  assert.match(text(bad), /bogus/);
}

async function withClient(transport, fn) {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}

test('stdio', async () => {
  const transport = new StdioClientTransport({ command: bin, args: ['--demo'], env, stderr: 'ignore' });
  await withClient(transport, exercise);
});

// startServer runs the binary with args and resolves with the first match of ready in its
// log (stderr), once it is there.
function startServer(t, args, ready) {
  const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => child.kill());
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30000);
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const m = log.match(ready);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${log}`)));
  });
}

// startHTTP runs "serve --transport http" (or sse) on a free port and resolves its base URL
// from the start-up log.
async function startHTTP(t, transport) {
  const m = await startServer(t, ['serve', '--transport', transport, '--addr', '127.0.0.1:0', '--demo'], /streamable_http=(http:\/\/[^\s]+)\/mcp/);
  return m[1];
}

test('streamable http', async (t) => {
  const base = await startHTTP(t, 'http');
  const transport = new StreamableHTTPClientTransport(new URL(base + '/mcp'));
  await withClient(transport, async (client) => {
    await exercise(client);
    assert.equal(transport.protocolVersion, '2025-11-25', 'the TypeScript client initializes at 2025-11-25');
  });
});

// The range delete over stateless Streamable HTTP: the server cannot send this 2025-11-25
// client an elicitation/create, so even a client that declares elicitation is never asked and
// the preview's token confirms (preview-then-token).
test('range delete over streamable http', async (t) => {
  const base = await startHTTP(t, 'http');
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  let asked = 0;
  client.setRequestHandler(ElicitRequestSchema, async () => {
    asked++;
    return { action: 'accept', content: { confirm: true } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(base + '/mcp')));
  try {
    const day = (n) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
    const args = { oldest: day(1), newest: day(14) };
    const preview = text(await client.callTool({ name: 'delete_events_by_date_range', arguments: args }));
    const token = preview.match(/confirm="([^"]+)"/);
    assert.ok(token, `preview without a token: ${preview}`);
    const done = await client.callTool({ name: 'delete_events_by_date_range', arguments: { ...args, confirm: token[1] } });
    assert.ok(!done.isError, text(done));
    assert.match(text(done), /^Deleted/);
    assert.equal(asked, 0, 'no elicitation/create over stateless HTTP');
  } finally {
    await client.close();
  }
});

test('legacy sse', async (t) => {
  const base = await startHTTP(t, 'sse');
  await withClient(new SSEClientTransport(new URL(base + '/sse')), exercise);
});

// OAuth sign-in as the TypeScript SDK's client does it (its OAuthClientProvider): a 401,
// discovery, dynamic registration, PKCE, our consent page and the fake Intervals.icu's
// approve page (submitted here as a browser would, cookies kept), the code exchange, and
// calls with the access token; a read grant is not offered the write tools.
function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// startOAuthDemo runs the OAuth demo (the fake's sign-in on the same address) at base.
async function startOAuthDemo(t, base) {
  const addr = base.replace('http://', '');
  await startServer(t, ['serve', '--transport', 'http', '--demo', '--addr', addr, '--public-url', base], /serving MCP over HTTP/);
}

const entities = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#34;': '"', '&quot;': '"', '&#39;': "'", '&#43;': '+' };
const unescape = (s) => s.replace(/&(amp|lt|gt|quot|#34|#39|#43);/g, (m) => entities[m]);

// A browser of one origin: it keeps cookies, follows no redirect, submits a page's form.
class Browser {
  cookies = new Map();
  async fetch(url, init = {}) {
    const headers = { ...(init.headers ?? {}) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const resp = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of resp.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      this.cookies.set(kv.slice(0, i), kv.slice(i + 1));
    }
    return resp;
  }
  // submit reads the page's form: hidden inputs, the radio of each name matching pick (or
  // the one checked), the named button's value; it posts and returns the redirect.
  async submit(url, pick, button) {
    const resp = await this.fetch(url);
    const page = await resp.text();
    assert.equal(resp.status, 200, page);
    const form = page.slice(page.indexOf('<form'), page.indexOf('</form>'));
    const action = new URL(unescape((form.match(/action="([^"]*)"/) ?? [, ''])[1]) || url, url);
    const body = new URLSearchParams();
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) body.set(m[1], unescape(m[2]));
    for (const m of form.matchAll(/<input type="radio" name="([^"]+)" value="([^"]*)"( checked)?/g)) {
      if (pick[m[1]] === unescape(m[2]) || (!pick[m[1]] && m[3] && !body.has(m[1]))) body.set(m[1], unescape(m[2]));
    }
    const [name, value] = button;
    assert.ok(form.includes(`name="${name}" value="${value}"`), `no button ${name}=${value} in:\n${form}`);
    body.set(name, value);
    const post = await this.fetch(action, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.ok(post.status >= 300 && post.status < 400, `form post answered ${post.status}: ${await post.text()}`);
    return new URL(post.headers.get('location'), action);
  }
}

class Provider {
  redirectUrl = 'http://127.0.0.1:9/callback';
  clientMetadata = { client_name: 'TypeScript SDK e2e', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  authorizationUrl = undefined;
  clientInformation() { return this.info; }
  saveClientInformation(info) { this.info = info; }
  tokens() { return this.saved; }
  saveTokens(tokens) { this.saved = tokens; }
  redirectToAuthorization(url) { this.authorizationUrl = url; }
  saveCodeVerifier(v) { this.verifier = v; }
  codeVerifier() { return this.verifier; }
}

test('oauth sign-in (dynamic registration, PKCE, consent, read scope)', async (t) => {
  const base = `http://127.0.0.1:${await freePort()}`;
  await startOAuthDemo(t, base);
  const provider = new Provider();
  const first = new StreamableHTTPClientTransport(new URL(base + '/mcp'), { authProvider: provider });
  const client = new Client({ name: 'e2e-oauth', version: '1.0.0' });
  await assert.rejects(client.connect(first), UnauthorizedError);
  assert.ok(provider.authorizationUrl, 'the client was sent to authorize');
  assert.equal(provider.authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(provider.authorizationUrl.searchParams.get('resource'), base + '/mcp');

  const browser = new Browser();
  const upstream = await browser.submit(provider.authorizationUrl, { scope: 'intervals:read' }, ['decision', 'allow']);
  assert.match(upstream.pathname, /\/oauth\/authorize$/, `consent went to ${upstream}`);
  const callback = await browser.submit(upstream, {}, ['decision', 'allow']);
  const back = await browser.fetch(callback);
  assert.equal(back.status, 303, await back.text());
  const done = new URL(back.headers.get('location'));
  assert.equal(done.origin + done.pathname, provider.redirectUrl);
  assert.equal(done.searchParams.get('iss'), base);
  await first.finishAuth(done.searchParams.get('code'));
  assert.ok(provider.saved.access_token.startsWith('imcp_at_'));
  assert.equal(provider.saved.scope, 'intervals:read');

  const second = new StreamableHTTPClientTransport(new URL(base + '/mcp'), { authProvider: provider });
  await withClient(second, async (c) => {
    const { tools } = await c.listTools();
    const names = tools.map((tl) => tl.name);
    assert.ok(names.includes('get_athlete_context'));
    assert.ok(!names.includes('add_or_update_event'), 'a read grant is offered no write tool');
    const ctx = await c.callTool({ name: 'get_athlete_context', arguments: {} });
    assert.ok(!ctx.isError, text(ctx));
  });
});
