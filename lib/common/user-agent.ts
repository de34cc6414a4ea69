/**
Where the client runs, as the end of its `user-agent` header: the runtime's own
`navigator.userAgent` where it has one (browsers, Deno, Bun, workerd, Node 21 and later, which
says "Node.js/22"), else Node's version, platform and architecture ("Node.js/20.20.2 (linux; x64)").
It is what @octokit/core puts after its name (through universal-user-agent), so GitHub, a GHES
audit log or a proxy sees the runtime of a Hublet client as it saw the octokit one's.
*/
export const RUNTIME_AGENT: string =
	globalThis.navigator?.userAgent ??
	(typeof process == "object" && process.version
		? `Node.js/${process.version.slice(1)} (${process.platform}; ${process.arch})`
		: "<environment undetectable>");
