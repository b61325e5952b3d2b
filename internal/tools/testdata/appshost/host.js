// The host side of MCP Apps for the plan view's browser test: the official AppBridge of
// @modelcontextprotocol/ext-apps over postMessage with the view's iframe. The test's page
// calls startHost; tools/call goes to the server through callTool (the test's client).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

window.startHost = async function (iframe, html, result, callTool, width) {
  const bridge = new AppBridge(null, { name: 'test-host', version: '1' }, { serverTools: {}, updateModelContext: { text: {} } },
    { hostContext: { theme: 'light', displayMode: 'inline', containerDimensions: { width } } });
  bridge.oncalltool = async (params) => callTool(params);
  bridge.onupdatemodelcontext = async () => ({});
  bridge.onsizechange = ({ height }) => { if (height) { iframe.style.height = (height + 4) + 'px'; } };
  bridge.oninitialized = () => {
    bridge.sendToolInput({ arguments: {} });
    bridge.sendToolResult(result);
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
};
