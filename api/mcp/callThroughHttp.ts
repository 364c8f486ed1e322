import { relayHeaders } from '../middleware/clientAddress.ts';
import type { McpTool } from './mcpTools.ts';

/** The MCP tool result (the SDK's CallToolResult, as plain JSON). */
export interface ToolResult {
  [key: string]: unknown;
  content: (
    | { type: 'text'; text: string }
    | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } }
  )[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** What the MCP request carries that the HTTP route reads: API keys, and an x402 payment from `_meta`. */
export interface CallCredentials {
  apiKey?: string;
  authorization?: string;
  /** `_meta["x402/payment"]`: an x402 PaymentPayload. */
  payment?: unknown;
  /** The MCP caller's address: the relayed request is rate-limited as theirs, not as this server's. */
  clientAddress: string;
}

const decodeBase64Json = (value: string | null): unknown =>
  value ? JSON.parse(Buffer.from(value, 'base64').toString('utf8')) : undefined;

const asObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A tool call is its HTTP route's request, sent to this same server: the same validation, price, free quota,
 * x402 verification and settlement, freshness guard, envelope, signature and served log. A non-2xx is an
 * error result, never charged nor settled, exactly as over HTTP. A 402 with an x402 quote follows the x402
 * MCP transport (v2): the PaymentRequired in `content[0].text` inside an `x402/error` wrapper (not in
 * `structuredContent`, which an MCP client checks against the tool's output schema).
 */
export async function callThroughHttp(
  origin: string,
  tool: McpTool,
  args: Record<string, unknown>,
  credentials: CallCredentials,
): Promise<ToolResult> {
  const headers: Record<string, string> = {
    // A document tool asks for its media type (a route that serves JSON too chooses by it).
    accept: tool.documentType ?? 'application/json',
    ...relayHeaders(credentials.clientAddress),
  };
  if (credentials.apiKey) headers['x-api-key'] = credentials.apiKey;
  if (credentials.authorization) headers.authorization = credentials.authorization;
  if (credentials.payment !== undefined) {
    headers['payment-signature'] = Buffer.from(JSON.stringify(credentials.payment), 'utf8').toString(
      'base64',
    );
  }
  const url = `${origin}${tool.requestFor(args)}`;
  const res =
    tool.method === 'POST'
      ? await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(args),
        })
      : await fetch(url, { headers });
  if (tool.documentType && res.status >= 200 && res.status < 300) return documentResult(url, res);
  const text = await res.text();
  if (res.status >= 200 && res.status < 300) {
    const body = asObject(text);
    const meta: Record<string, unknown> = { 'registres/signature': signatureOf(res) };
    const settlement = decodeBase64Json(res.headers.get('payment-response'));
    if (settlement !== undefined) meta['x402/payment-response'] = settlement;
    return {
      content: [{ type: 'text', text }],
      ...(body && tool.outputSchema ? { structuredContent: body } : {}),
      _meta: meta,
    };
  }
  const quote = decodeBase64Json(res.headers.get('payment-required'));
  if (res.status === 402 && quote !== undefined) {
    const message = (asObject(text)?.message as string | undefined) ?? 'Payment required';
    return {
      isError: true,
      content: [
        { type: 'text', text: JSON.stringify({ 'x402/error': { code: 402, message, data: quote } }) },
      ],
    };
  }
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The signature headers of a signed answer, for `_meta`. */
const signatureOf = (res: Response) => ({
  'content-digest': res.headers.get('content-digest'),
  'signature-input': res.headers.get('signature-input'),
  signature: res.headers.get('signature'),
});

/**
 * A document route's answer (a filed PDF): the bytes as an embedded resource (MCP `resource` content, base64
 * `blob`), exactly those the HTTP route signed; its signature and provenance headers (`X-Registre-*`,
 * `X-Citation` decoded) in `_meta`, and the citation as text beside it.
 */
async function documentResult(url: string, res: Response): Promise<ToolResult> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const provenance: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name.startsWith('x-registre')) provenance[name] = value;
  });
  const citation = decodeURIComponent(res.headers.get('x-citation') ?? '');
  const settlement = decodeBase64Json(res.headers.get('payment-response'));
  return {
    content: [
      {
        type: 'resource',
        resource: {
          uri: url,
          mimeType: (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
          blob: bytes.toString('base64'),
        },
      },
      { type: 'text', text: citation },
    ],
    _meta: {
      'registres/signature': signatureOf(res),
      'registres/provenance': provenance,
      ...(settlement !== undefined ? { 'x402/payment-response': settlement } : {}),
    },
  };
}
