import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { clientAddress } from '../middleware/clientAddress.ts';
import type { AppMiddleware } from '../state.ts';
import { type CallCredentials, callThroughHttp } from './callThroughHttp.ts';
import type { McpTool } from './mcpTools.ts';

/** The largest JSON-RPC body accepted on /mcp. */
const MAX_BODY_BYTES = 1_000_000;

async function readJsonBody(req: AsyncIterable<Buffer>): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function mcpServer(tools: readonly McpTool[], origin: string, credentials: CallCredentials): Server {
  const server = new Server(
    { name: 'registres-api', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Official company registers (France in depth, European registers, BODACC, associations), one tool per paid route. Pay with an API key (X-Api-Key or Authorization: Bearer on the MCP request) or with x402 (_meta["x402/payment"]). get_sample returns a free real answer of any paid tool.',
    },
  );
  const byName = new Map(tools.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const payment = request.params._meta?.['x402/payment'];
    return callThroughHttp(origin, tool, request.params.arguments ?? {}, {
      ...credentials,
      ...(payment === undefined ? {} : { payment }),
    });
  });
  return server;
}

/** The methods `/mcp` answers: POST, and OPTIONS (a CORS preflight or a plain one). */
const MCP_ALLOW = 'POST, OPTIONS';

/**
 * `{base_url}/mcp`: the MCP Streamable HTTP transport, stateless (agents call once and leave): each POST
 * gets its own server and transport, answered as JSON. GET (a stream) and DELETE (a session) are refused
 * with 405, as a stateless server does.
 */
export function mcpEndpoint(tools: readonly McpTool[]): AppMiddleware {
  return async function mcpMiddleware(ctx) {
    // A CORS preflight is answered before (crossOrigin.ts); a plain OPTIONS is answered here, like the router's.
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', MCP_ALLOW);
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', MCP_ALLOW);
      ctx.body = {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (POST only).' },
        id: null,
      };
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(ctx.req);
    } catch {
      ctx.status = 400;
      ctx.body = { jsonrpc: '2.0', error: { code: ErrorCode.ParseError, message: 'Parse error' }, id: null };
      return;
    }
    // The routes are called on this same server, at the address the request came in on.
    const socket = ctx.req.socket;
    const host = socket.localFamily === 'IPv6' ? `[${socket.localAddress}]` : socket.localAddress;
    const origin = `http://${host}:${socket.localPort}`;
    const credentials: CallCredentials = {
      clientAddress: clientAddress(ctx),
      ...(ctx.get('x-api-key') ? { apiKey: ctx.get('x-api-key') } : {}),
      ...(ctx.get('authorization') ? { authorization: ctx.get('authorization') } : {}),
    };
    const server = mcpServer(tools, origin, credentials);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    ctx.respond = false;
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res, body);
  };
}
