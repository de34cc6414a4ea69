import type { RequestOptions } from "../../../types/endpoint.js";
import type { Log } from "../../../types/request.js";
import type { ProxyFor, ProxyRoute } from "../../http/pipeline.js";
import { RequestError, redactProxy, redactUrl } from "../../common/errors.js";
import { createLru } from "../../common/lru.js";
import { envProxyFor, readProxyEnv, type ProxyEnv } from "./env.js";
import { UNDICI_TAKES, findUndici, installUndici, type Agent, type Undici } from "./undici.js";
import { EXPECTED, isSet, proxyUrl, type ProxySettings } from "./url.js";

/*
Proxies, as curl and `gh` honour them: `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` from the
environment (env.ts), or `request.proxy` (a URL, or `false` for none). Only requests sent
with the global fetch are routed; a custom `request.fetch` is the caller's whole transport.

The route is undici's `ProxyAgent`, handed to the global fetch as its `dispatcher`. undici is the
program's to install (Hublet declares no dependency on it), loaded the first time a request goes
through a proxy: a program without one loads nothing. Measured on Node 20.20 (whose fetch is undici 6.24) with a CONNECT
proxy on loopback: a ProxyAgent from undici 6.29 and one from undici 7.30 both work as the global
fetch's dispatcher, for a GET and for JSON, stream, Blob and FormData bodies. undici 7's own
`fetch` does not: it sends the global FormData as "[object FormData]". So the global fetch is kept,
and its `Response` stays this realm's.

Without undici, a proxy from the environment is left to Node where Node honours it itself
(`NODE_USE_ENV_PROXY=1` or `--use-env-proxy`, Node ≥ 24 and ≥ 22.21: its fetch reads the same
variables at startup). Otherwise one warning per process says what to install and where, and
requests go direct, as they did before proxies were supported. An undici of a version Hublet does
not take counts as none: its own errors never surface.
*/

/*
undici is required through Node's own `createRequire` (undici is CommonJS), not imported: an
`import("undici")` would send every bundler after it (an app bundle must neither carry undici nor
need it installed), and an import of a specifier in a variable is refused by workerd. It is
looked up where the program has it (undici.ts): never in the working directory. Where there is no
`process.getBuiltinModule` (browsers, edge runtimes, Node < 20.16), there is no undici.
*/
const loadUndici = () => (shared().undici ??= Promise.resolve().then(findUndici));

/*
One agent per proxy URL, shared by every client: each keeps a pool of connections to its proxy.
Only the AGENTS most recently used are kept, so that proxy URLs that vary (a user name per
tenant) cannot grow memory and sockets without end. An agent dropped is closed a moment later:
gracefully, so requests already sent through it finish, and late enough that one handed out
just before was dispatched. A later request through that URL opens a new agent.
*/
const AGENTS = 32;
const CLOSE_AFTER_MS = 1000;

/*
What a process holds once, whichever copy of this file reads it: the full entry bundles this body
(dist/index.js) and the core entry loads it as dist/feature-proxy.js, and a program may use both.
So the undici found, the one warning and the agents are data under a key every copy shares, made
at the first request through a proxy, rather than state of each copy.
*/
interface Shared {
	undici?: Promise<Undici>;
	warned: boolean;
	agents: ReturnType<typeof createLru<string, Agent>>;
}
const KEY = Symbol.for("hublet.proxy.v1");
const shared = (): Shared =>
	((globalThis as { [KEY]?: Shared })[KEY] ??= {
		warned: false,
		agents: createLru<string, Agent>(AGENTS, (agent) => {
			setTimeout(() => agent.close().catch(() => {}), CLOSE_AFTER_MS).unref?.();
		}),
	});

type Env = Record<string, string | undefined>;

/** The environment, where there is one and it may be read (Deno without --allow-env throws). */
function environment(): Env | undefined {
	try {
		return globalThis.process?.env;
	} catch {
		return undefined;
	}
}

function proxyEnv(): ProxyEnv | undefined {
	try {
		const env = environment();
		return env ? readProxyEnv(env) : undefined;
	} catch {
		return undefined;
	}
}

/** Whether Node's own fetch honours the proxy variables (it read them at startup). */
function nodeProxiesFromEnv(): boolean {
	const node = globalThis.process?.versions?.node;
	if (!node) return false;
	const [major = 0, minor = 0] = node.split(".").map(Number);
	if (!(major >= 24 || (major === 22 && minor >= 21))) return false;
	return environment()?.NODE_USE_ENV_PROXY === "1" || Boolean(globalThis.process.execArgv?.includes("--use-env-proxy"));
}

/**
The route of each request for the proxy feature. `client` is the client's `request.proxy`, as
the front checked it when the client was built (index.ts). It is kept here, and the client leaves
it out of its request defaults, so that neither `util.inspect(client)` nor an error's `request`
shows its password. A call's own `request.proxy`, checked the same way, wins over it.
*/
export function createProxyRoute(client: ProxySettings, log: Log): ProxyFor {
	// Read on the first request, so that constructing a client reads nothing.
	let env: ProxyEnv | undefined | null = null;
	return (request, call) => {
		const own = call.settings.proxy?.proxy;
		const chosen = isSet(own) ? own : client.proxy;
		if (call.fetch || chosen === false) return undefined;
		if (isSet(chosen)) return routeThrough(String(chosen), "request.proxy", request, log);
		if (env === null) env = proxyEnv();
		if (!env) return undefined;
		let target: URL;
		try {
			target = new URL(request.url);
		} catch {
			// The attempt reports the URL.
			return undefined;
		}
		const proxy = envProxyFor(env, target);
		if (proxy === undefined) return undefined;
		return routeThrough(proxy, target.protocol === "https:" ? "HTTPS_PROXY" : "HTTP_PROXY", request, log);
	};
}

/** The agent for a proxy URL, shared (AGENTS), or why the undici found cannot make one. */
function agentFor(makeAgent: (uri: string) => Agent | string, href: string): Agent | string {
	const { agents } = shared();
	let agent: Agent | string | undefined = agents.get(href);
	if (!agent && typeof (agent = makeAgent(href)) !== "string") agents.set(href, agent);
	return agent;
}

async function routeThrough(
	proxy: string,
	source: string,
	request: RequestOptions,
	log: Log,
): Promise<ProxyRoute | undefined> {
	const url = proxyUrl(proxy);
	if (!url) {
		throw new RequestError(
			`${request.method} ${redactUrl(request.url)}: ${source} must be ${EXPECTED}, not ${redactProxy(proxy)}`,
			400,
			{
				request,
				code: "INVALID_REQUEST",
			},
		);
	}
	const found = await loadUndici();
	const agent = "makeAgent" in found ? agentFor(found.makeAgent, url.href) : found.missing;
	if (typeof agent !== "string") return { dispatcher: agent, proxy: redactProxy(url.href) };
	const lack = `needs ${UNDICI_TAKES}, but ${agent}`;
	const install = "install" in found ? found.install : installUndici();
	// A proxy the program names itself is never bypassed: the request fails, sending nothing.
	if (source === "request.proxy") {
		throw new RequestError(`${request.method} ${redactUrl(request.url)}: request.proxy ${lack}: ${install}`, 500, {
			request,
			code: "MISSING_PACKAGE",
		});
	}
	if (nodeProxiesFromEnv()) return undefined;
	const state = shared();
	if (!state.warned) {
		state.warned = true;
		log.warn(`[hublet] ${source} names a proxy, which ${lack}, so requests go direct: to use the proxy, ${install}`);
	}
	return undefined;
}
