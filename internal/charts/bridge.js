/* The MCP Apps protocol, one source for every view (spliced into each by the server in place
   of its bridge comment): JSON-RPC 2.0 over postMessage with the host. appsBridge(name, on)
   answers the host's requests, passes the tool's input, result and cancellation to on.input,
   on.result and on.cancelled, applies the host's theme and style variables, starts the
   handshake (ui/initialize, then initialized), and returns request and notify. */
function appsBridge(name, on) {
  'use strict';
  var nextId = 1, pending = {};
  function send(m) { window.parent.postMessage(m, '*'); }
  function request(method, params) {
    var id = nextId++;
    send({ jsonrpc: '2.0', id: id, method: method, params: params });
    return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
  }
  function notify(method, params) { send({ jsonrpc: '2.0', method: method, params: params || {} }); }
  function reply(id, result) { send({ jsonrpc: '2.0', id: id, result: result }); }
  function applyContext(ctx) {
    if (!ctx) { return; }
    if (ctx.theme) { document.documentElement.classList.toggle('dark', ctx.theme === 'dark'); }
    var vars = ctx.styles && ctx.styles.variables;
    if (vars) { Object.keys(vars).forEach(function (k) { if (vars[k]) { document.documentElement.style.setProperty(k, vars[k]); } }); }
  }
  window.addEventListener('message', function (ev) {
    var m = ev.data;
    if (!m || m.jsonrpc !== '2.0') { return; }
    if (m.method === undefined) {
      var p = pending[m.id];
      if (p) { delete pending[m.id]; if (m.error) { p.reject(m.error); } else { p.resolve(m.result); } }
      return;
    }
    switch (m.method) {
      case 'ui/notifications/tool-result': on.result(m.params); break;
      case 'ui/notifications/tool-input': if (on.input) { on.input((m.params && m.params.arguments) || {}); } break;
      case 'ui/notifications/tool-input-partial': break;
      case 'ui/notifications/tool-cancelled': on.cancelled(); break;
      case 'ui/notifications/host-context-changed': applyContext(m.params); break;
      case 'ui/resource-teardown': reply(m.id, {}); break;
      case 'ping': reply(m.id, {}); break;
      default: if (m.id !== undefined) { send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'method not found: ' + m.method } }); }
    }
  });
  request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: name, version: '1' }, appCapabilities: { availableDisplayModes: ['inline'] } })
    .then(function (res) { applyContext(res && res.hostContext); notify('ui/notifications/initialized', {}); },
      function () { notify('ui/notifications/initialized', {}); });
  return { request: request, notify: notify };
}
