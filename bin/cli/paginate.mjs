// --paginate: every page, streamed as it arrives, as one JSON array or (--ndjson) one item
// per line. Only the current page is held, so memory stays flat however long the list.
import { EXIT } from "./errors.mjs";
import { toJson, wantsPretty, write } from "./output.mjs";

const count = (n) => n.toLocaleString("en-US");

/** The writer of one JSON array, opened at its first item so a failed first page prints nothing. */
function arrayWriter(stdout, pretty) {
	let opened = false;
	return {
		items(list) {
			let text = "";
			for (const item of list) {
				const json = pretty ? `  ${toJson(item, true).replaceAll("\n", "\n  ")}` : toJson(item, false);
				text += opened ? `,${pretty ? "\n" : ""}${json}` : `[${pretty ? "\n" : ""}${json}`;
				opened = true;
			}
			return text && write(stdout, text);
		},
		close: () => write(stdout, opened ? `${pretty ? "\n" : ""}]\n` : "[]\n"),
	};
}

function ndjsonWriter(stdout) {
	return {
		items: (list) => list.length > 0 && write(stdout, list.map((item) => `${JSON.stringify(item)}\n`).join("")),
		close: () => undefined,
	};
}

// HUBLET_CLI_HEAP_TRACE=1 (with node --expose-gc) reports the live heap after each page, so a
// test can show that it does not grow with the number of pages.
const heapTrace = process.env.HUBLET_CLI_HEAP_TRACE ? [] : undefined;
function traceHeap() {
	if (!heapTrace) return;
	globalThis.gc?.();
	heapTrace.push(process.memoryUsage().heapUsed);
}

/**
Walks `target` with `client.paginate.iterator`. The first Ctrl-C lets the page in flight
arrive, prints it and closes the output, so what was printed stays valid; a second one quits.
Resolves with the exit code; a failure part-way closes the output, then rejects.
*/
export async function paginate(client, target, params, options, { stdout = process.stdout, status }) {
	const output = options.ndjson ? ndjsonWriter(stdout) : arrayWriter(stdout, wantsPretty(options, stdout));
	let pages = 0;
	let items = 0;
	let remaining;
	let stopping = false;
	const onInterrupt = () => {
		if (stopping) process.exit(EXIT.interrupted);
		stopping = true;
		status.notice(`stopping after page ${pages + 1}; press Ctrl-C again to quit at once`);
	};
	process.on("SIGINT", onInterrupt);
	const summary = () =>
		`${count(pages)} page${pages === 1 ? "" : "s"}, ${count(items)} item${items === 1 ? "" : "s"}` +
		(remaining === undefined ? "" : `, rate limit: ${count(Number(remaining))} left`);
	try {
		for await (const page of client.paginate.iterator(target, params)) {
			pages += 1;
			const list = Array.isArray(page.data) ? page.data : [page.data];
			items += list.length;
			remaining = page.headers["x-ratelimit-remaining"] ?? remaining;
			await output.items(list);
			status.progress(summary());
			traceHeap();
			if (stopping) break;
		}
	} finally {
		process.off("SIGINT", onInterrupt);
		if (pages > 0) {
			await output.close();
			status.done(`${summary()}${stopping ? " (stopped by Ctrl-C)" : ""}`);
		}
		if (heapTrace) process.stderr.write(`hublet-heap ${JSON.stringify(heapTrace)}\n`);
	}
	if (stopping && !status.live) status.notice(`stopped after page ${pages}`);
	return stopping ? EXIT.interrupted : EXIT.ok;
}
