// --paginate: every page, streamed as it arrives, as one JSON array or (--ndjson) one item
// per line. Only the current page is held, so memory stays flat however long the list.
import { AsyncResource } from "node:async_hooks";
import { getHeapStatistics } from "node:v8";
import { EXIT } from "./errors.mjs";
import { count, toJson, wantsPretty, writeJson } from "./output.mjs";

/**
The writer of one JSON array, opened at its first item so that a failed first page prints
nothing. The last item is held back until the next one (or the end) tells whether a comma
follows it, so that every pretty chunk ends a line: a progress line drawn after it on the
same screen can then be erased without touching the data.
*/
function arrayWriter(emit, pretty) {
	const newline = pretty ? "\n" : "";
	let last;
	return {
		items(list) {
			let text = "";
			for (const item of list) {
				text += last === undefined ? `[${newline}` : `${last},${newline}`;
				last = pretty ? `  ${toJson(item, true).replaceAll("\n", "\n  ")}` : toJson(item, false);
			}
			return text && emit(text);
		},
		close: () => emit(last === undefined ? "[]\n" : `${last}${newline}]\n`),
	};
}

function ndjsonWriter(emit) {
	return {
		items: (list) => list.length > 0 && emit(list.map((item) => `${JSON.stringify(item)}\n`).join("")),
		close: () => undefined,
	};
}

// HUBLET_CLI_HEAP_TRACE=1 (with node --expose-gc) reports the live heap after each page, so a
// test can show that it does not grow with the number of pages.
function traceHeap(heapTrace) {
	if (!heapTrace) return;
	globalThis.gc?.();
	heapTrace.push(getHeapStatistics().used_heap_size);
}

/**
Walks `target` with `client.paginate.iterator`. The first Ctrl-C (a "SIGINT" event on
`signals`) lets the page in flight arrive, prints it and closes the output; a second one aborts
the page in flight and closes the output at once. Either way what was printed stays valid.
Resolves with the exit code (130 after Ctrl-C); a failure part-way closes the output, then
rejects. The listener is gone when it settles, whichever way. `printed.data` tells the caller
whether data reached stdout.
*/
export async function paginate(client, target, params, options, { stdout, stderr, status, signals, env, printed = {} }) {
	const heapTrace = env.HUBLET_CLI_HEAP_TRACE ? [] : undefined;
	const emit = (text) => {
		status.beforeData(text);
		printed.data = true;
		return writeJson(stdout, text);
	};
	const output = options.ndjson ? ndjsonWriter(emit) : arrayWriter(emit, wantsPretty(options, stdout));
	let pages = 0;
	let items = 0;
	let remaining;
	let stopping = false;
	const abort = new AbortController();
	let finished = false;
	// Bound: a signal's event arrives outside the command's async context, where its notice
	// would not know the credentials to redact (secrets.mjs).
	const onInterrupt = AsyncResource.bind(() => {
		if (finished || abort.signal.aborted) return;
		if (stopping) {
			status.notice("stopping now");
			return abort.abort();
		}
		stopping = true;
		status.notice(`stopping after page ${pages + 1}; press Ctrl-C again to stop at once`);
	});
	signals.on("SIGINT", onInterrupt);
	const summary = () =>
		`${count(pages)} page${pages === 1 ? "" : "s"}, ${count(items)} item${items === 1 ? "" : "s"}` +
		(remaining === undefined ? "" : `, rate limit: ${count(Number(remaining))} left`);
	try {
		for await (const page of client.paginate.iterator(target, { ...params, request: { ...params.request, signal: abort.signal } })) {
			pages += 1;
			const list = Array.isArray(page.data) ? page.data : [page.data];
			items += list.length;
			remaining = page.headers["x-ratelimit-remaining"] ?? remaining;
			await output.items(list);
			status.progress(summary());
			traceHeap(heapTrace);
			if (stopping) break;
		}
	} catch (error) {
		// The abort of the second Ctrl-C is the way out, not a failure.
		if (!abort.signal.aborted) throw error;
	} finally {
		// The output is closing: a press now changes nothing.
		finished = true;
		try {
			if (pages > 0 || stopping) {
				await output.close();
				status.done(`${summary()}${stopping ? " (stopped by Ctrl-C)" : ""}`);
			}
		} finally {
			// Even when closing failed (stdout gone): the listener must not outlive the command.
			// Presses after this are the caller's to ignore (process-signals.mjs, once one was heard).
			signals.off("SIGINT", onInterrupt);
			if (heapTrace) stderr.write(`hublet-heap ${JSON.stringify(heapTrace)}\n`);
		}
	}
	if (stopping && !status.keepsSummary) status.notice(`stopped after page ${pages}`);
	return stopping ? EXIT.interrupted : EXIT.ok;
}
