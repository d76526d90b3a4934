/**
 * Requests to the service, with the credentials the user typed in: kept in this tab's
 * `sessionStorage` only (gone when the tab closes, never sent anywhere but this service's API).
 */
import { isObject, type OperationInfo, type Scheme } from './spec.js';

const STORAGE_KEYS: Record<Scheme, string> = { apiKey: 'socialquery.apiKey', bearer: 'socialquery.token' };
/** How the shown curl commands name the credential (the page never prints it). */
const CREDENTIAL_VARIABLES: Record<Scheme, string> = { apiKey: 'SOCIALQUERY_API_KEY', bearer: 'SOCIALQUERY_TOKEN' };

export function credential(scheme: Scheme): string {
  return sessionStorage.getItem(STORAGE_KEYS[scheme]) ?? '';
}

export function saveCredential(scheme: Scheme, value: string): void {
  if (value.trim()) sessionStorage.setItem(STORAGE_KEYS[scheme], value.trim());
  else sessionStorage.removeItem(STORAGE_KEYS[scheme]);
}

export type Values = Record<string, string>;

/** The request's path and query for these parameter values (empty values are left out). */
export function requestPath(operation: OperationInfo, values: Values): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const query = new URLSearchParams();
  for (const param of operation.params) {
    const value = values[param.name];
    if (param.in === 'query' && value !== undefined && value !== '') query.set(param.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The same request as a curl command, the credential as an environment variable. */
export function curlCommand(operation: OperationInfo, path: string): string {
  const variable = CREDENTIAL_VARIABLES[operation.scheme];
  const header = operation.scheme === 'apiKey' ? `x-api-key: $${variable}` : `Authorization: Bearer $${variable}`;
  return `curl -s -H "${header}" ${shellQuote(new URL(path, location.origin).href)}`;
}

export type Answer = { ok: true; body: unknown } | { ok: false; status: number; code: string; message: string };

/** Sends the request; an error answer comes back as its code and message, never as a throw. */
export async function call(operation: OperationInfo, path: string): Promise<Answer> {
  const secret = credential(operation.scheme);
  const headers: Record<string, string> = {};
  if (secret) {
    if (operation.scheme === 'apiKey') headers['x-api-key'] = secret;
    else headers.authorization = `Bearer ${secret}`;
  }
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch (error) {
    return { ok: false, status: 0, code: 'network', message: `the service did not answer (${String(error)})` };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, body };
  // the service's one error body: { statusCode, error, code, message, issues?, requestId }
  const error = isObject(body) ? body : {};
  const issues = Array.isArray(error.issues) ? error.issues.filter(isObject) : [];
  const details = issues.map((issue) => `${String(issue.path)}: ${String(issue.message)}`);
  return {
    ok: false,
    status: response.status,
    code: typeof error.code === 'string' ? error.code : 'error',
    message: [typeof error.message === 'string' ? error.message : response.statusText, ...details].join('; '),
  };
}
