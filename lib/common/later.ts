import type { RequestOptions } from "../../types/endpoint.js";
import { RequestError } from "./errors.js";
import { importOwnFile, ownFile } from "./own-location.js";

/*
How code waits for its first use. The transport (http/request.ts) loads at the first
request. Each feature of `@hublet/rest/core` is a folder of lib/features/: a small front (its
index.ts, a `Feature`), which checks the feature's option when a client is built, and a body
(body.ts), which the front imports the first time it is needed. dist/core.js holds the fronts,
and the transport and each body are files of their own (scripts/build.mjs), so that a program
that does not bundle parses them only once it uses them. A bundler follows the import() and sees
one graph. The full entry carries the bodies it runs at the first request in its own file and
composes each feature with its body (`Feature.body`), so that they run at once, with no load
and no microtask: the client hands every front its body through one door, a `FeatureBody`.
*/

/** Runs `load` once, and again after a failure (a file that could not be read is tried again on the next use). */
export function once<T, A extends unknown[] = []>(load: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
	let loading: Promise<T> | undefined;
	return (...args) =>
		(loading ??= load(...args).catch((error) => {
			loading = undefined;
			throw error;
		}));
}

/*
A file of dist/ that loads at first use fails to load once (EMFILE, a package replaced on disk
part-way): the call fails, sending nothing, and the next use loads the file again for real. Node
keeps a failed import() for the life of the process, under its URL, and hands every later
import() of that URL the same failure; so a load after a failure imports the same file under a
URL of its own (`dist/transport.js?retry=1`), from this package's own folder
(own-location.ts). In a program's bundle there is no such file, and `load` (the bundler's
import()) runs again.

Each of those URLs stays in Node's module map for the life of the process too, with the file's
text when it failed to parse: a file that keeps failing (a truncated one) would grow the heap with
every call. So a file is loaded again at most RELOADS times per process, and not at once each time:
the first reload is at the next use, and each later one waits twice as long as the one before,
from 1 s after the failure before it (1, 2, 4 … 256 s: the reloads span about 8.5 minutes). A use
before then fails at once with the last failure, saying when the file loads again; once the
reloads are spent, every use fails at once, saying to restart the process.
*/
const RELOADS = 10;
const FIRST_WAIT_MS = 1000;

interface LoadState {
	loading?: Promise<unknown>;
	failures: number;
	/** The last failure, and when the next load may start. */
	last?: { error: unknown; reloadAt: number };
}

const loads = new Map<string, LoadState>();

// A clock that a change of the system's time does not move.
const now = () => performance.now();

/**
The module of `file` (`transport.js`, `feature-retry.js`, `p-retry.js`: its name in dist/),
which `load` imports the first time. A failure rejects with a `RequestError` (`LOAD_FAILED`,
for `request` when the load is for one), and a later call loads the file again, within the bound
above; a call before the next load may start rejects at once with the last failure.
*/
export function loadLater<M>(file: string, load: () => Promise<M>, request?: RequestOptions): Promise<M> {
	const entry = loads.get(file) ?? { failures: 0 };
	loads.set(file, entry);
	if (!entry.loading && entry.last && !(entry.failures <= RELOADS && now() >= entry.last.reloadAt)) {
		return Promise.reject(loadFailed(file, entry.last.error, request, entry));
	}
	// A load after a failure imports the file under a URL no earlier import() used, from this package's
	// own folder; in a bundle, which has no such file, `load` runs again.
	const loading = (entry.failures && importOwnFile<M>(ownFile(`dist/${file}`)!, `?retry=${entry.failures}`)) || load();
	return (entry.loading ??= loading.catch((error: unknown) => {
		entry.loading = undefined;
		entry.failures++;
		const wait = entry.failures === 1 ? 0 : FIRST_WAIT_MS * 2 ** (entry.failures - 2);
		entry.last = { error, reloadAt: now() + wait };
		throw loadFailed(file, error, request, entry);
	})) as Promise<M>;
}

/** What happens next, for the message: the next call loads again, or one after a wait, or none. */
function next({ failures, last }: LoadState): string {
	if (failures > RELOADS) return `; it failed to load ${failures} times, so this process loads it no more: restart it`;
	const wait = Math.ceil(((last?.reloadAt ?? 0) - now()) / 1000);
	return wait > 0 ? `, and a call ${wait} s from now loads it again` : ", and the next call loads it again";
}

function loadFailed(file: string, error: unknown, request: RequestOptions | undefined, state: LoadState): RequestError {
	if (error instanceof RequestError && error.code === "LOAD_FAILED") return error;
	const reason = String((error as Error)?.message ?? error).split("\n")[0];
	const message = `@hublet/rest could not load its file dist/${file} (${reason}): the call stopped there${next(state)}`;
	return new RequestError(message, 500, {
		// A call that fails to load has no request of its own yet (paginate): this stands in.
		request: request ?? { method: "GET", url: "", headers: {} },
		code: "LOAD_FAILED",
		cause: error,
	});
}

/**
A function of one or two arguments (a stage's `send`, a proxy route, a hook's wrap) that `load`
gives: until it has loaded, a call loads it (once) and then makes the call; from then on the loaded
function is called directly, with no microtask in between. Two named parameters rather than a rest
parameter: this sits on every request's path, and a rest parameter is an array per call.
*/
export function loadedLater<A, B, Result>(
	load: (a: A, b: B) => Promise<(a: A, b: B) => Result>,
): (a: A, b: B) => Result | Promise<Result> {
	let loaded: ((a: A, b: B) => Result) | undefined;
	const ready = once(async (a: A, b: B) => (loaded = await load(a, b)));
	return (a, b) => (loaded ? loaded(a, b) : ready(a, b).then((call) => call(a, b)));
}
