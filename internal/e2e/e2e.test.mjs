// intervals-mcp as the official TypeScript MCP client sees it, over stdio, Streamable HTTP
// and legacy SSE, on the demo athlete: every input schema must compile with ajv (JSON Schema
// 2020-12), tools must answer, and a range delete is confirmed over stateless HTTP. Run by e2e_test.go (go test ./internal/e2e, make e2e-node)
// with INTERVALS_MCP_BIN set to a built binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
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

// startHTTP runs "serve --transport http" on a free port and resolves its base URL from the
// start-up log.
function startHTTP(t, transport) {
  const child = spawn(bin, ['serve', '--transport', transport, '--addr', '127.0.0.1:0', '--demo'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => child.kill());
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30000);
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const m = log.match(/streamable_http=(http:\/\/[^\s]+)\/mcp/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${log}`)));
  });
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
