/*
Which proxy, if any, a URL goes through, as curl decides it from the environment:

- `https_proxy` / `HTTPS_PROXY` for an https URL, `http_proxy` / `HTTP_PROXY` for an http one,
  the lower-case name first. An https URL does not fall back to the http proxy (curl and Go, and
  so `gh`, do not; undici's EnvHttpProxyAgent does).
- `no_proxy` / `NO_PROXY`: entries separated by commas or white space. `*` bypasses every
  host. A name matches itself and its subdomains, with or without a leading `.` (or `*.`):
  `example.com` and `.example.com` both match `api.example.com`. An IP literal matches the same
  address, and a CIDR block (`10.0.0.0/8`, `fd00::/8`) any address inside it, as curl ≥ 7.86
  reads it. A `:port` after an entry (`api.test:8080`, `[::1]:8080`) limits it to that port,
  as undici reads it. Host names compare without case and without a trailing dot.
*/

/** The proxy variables, read once. */
export interface ProxyEnv {
	http?: string;
	https?: string;
	noProxy: string;
}

type Env = Record<string, string | undefined>;

const first = (env: Env, name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;

/** The proxy variables of `env`, or `undefined` when it names no proxy at all. */
export function readProxyEnv(env: Env): ProxyEnv | undefined {
	const http = first(env, "http_proxy");
	const https = first(env, "https_proxy");
	if (!http && !https) return undefined;
	return { http, https, noProxy: first(env, "no_proxy") ?? "" };
}

/** The proxy the environment names for `url`, or `undefined` to go direct. */
export function envProxyFor(env: ProxyEnv, url: URL): string | undefined {
	const proxy = url.protocol === "https:" ? env.https : url.protocol === "http:" && env.http;
	return proxy && !bypassesProxy(env.noProxy, url) ? proxy : undefined;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Whether a `NO_PROXY` list sends `url` direct. */
export function bypassesProxy(noProxy: string, url: URL): boolean {
	if (!noProxy) return false;
	const host = bare(url.hostname);
	const port = url.port || DEFAULT_PORTS[url.protocol] || "";
	const address = parseIp(host);
	for (const raw of noProxy.split(/[\s,]+/)) {
		if (raw === "*") return true;
		// `host:port`, `[v6]:port` or a bare IPv6 address (whose colons are not a port).
		const match =
			/^\[([^\]]+)\](?::(\d+))?$/.exec(raw) ?? (raw.split(":").length === 2 ? /^(.+):(\d+)$/.exec(raw) : null);
		const entry = bare((match ? match[1] : raw).replace(/^\*?\./, ""));
		if (!entry || (match?.[2] !== undefined && match[2] !== port)) continue;
		if (address) {
			if (matchesAddress(address, entry)) return true;
		} else if (host === entry || host.endsWith(`.${entry}`)) return true;
	}
	return false;
}

/** Lower case, without IPv6 brackets or a trailing dot. */
const bare = (host: string) =>
	host
		.toLowerCase()
		.replace(/^\[(.*)\]$/, "$1")
		.replace(/\.$/, "");

interface Ip {
	bits: bigint;
	width: 32 | 128;
}

function matchesAddress(address: Ip, entry: string): boolean {
	const [base, prefix] = entry.split("/");
	const block = parseIp(base!);
	if (!block || block.width !== address.width) return false;
	const length = prefix === undefined ? block.width : Number(prefix);
	if (!Number.isInteger(length) || length < 0 || length > block.width) return false;
	const shift = BigInt(block.width - length);
	return address.bits >> shift === block.bits >> shift;
}

/** An IPv4 or IPv6 address as a number, or `undefined` for a host name. */
function parseIp(text: string): Ip | undefined {
	if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
		const parts = text.split(".").map(Number);
		if (parts.some((part) => part > 255)) return undefined;
		return { bits: parts.reduce((bits, part) => (bits << 8n) | BigInt(part), 0n), width: 32 };
	}
	if (!text.includes(":") || !/^[\da-f:.]+$/i.test(text)) return undefined;
	// An embedded IPv4 tail (`::ffff:10.0.0.1`) becomes its two groups.
	const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	const v4 = tail ? parseIp(tail[1]!) : undefined;
	if (tail && !v4) return undefined;
	const body = v4
		? text.slice(0, -tail![1]!.length) + `${(v4.bits >> 16n).toString(16)}:${(v4.bits & 0xffffn).toString(16)}`
		: text;
	const halves = body.split("::");
	if (halves.length > 2) return undefined;
	const head = halves[0] ? halves[0].split(":") : [];
	const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
	const missing = 8 - head.length - rest.length;
	if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
	const groups = [...head, ...Array<string>(missing).fill("0"), ...rest];
	if (groups.some((group) => !/^[\da-f]{1,4}$/i.test(group))) return undefined;
	return { bits: groups.reduce((bits, group) => (bits << 16n) | BigInt(`0x${group}`), 0n), width: 128 };
}
