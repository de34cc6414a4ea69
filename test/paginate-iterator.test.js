// paginate.iterator() never ends early after a failure: a failed page rejects its `next()`, and the
// next `next()` asks for that page again, as @octokit/plugin-paginate-rest's iterator does (it is
// run side by side here). Calls made before the last one settled wait their turn, so concurrent
// calls get consecutive pages, a failure among them included. `return()` and `break` end the walk.
// Over a server on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { Hublet } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { startServer, sendJson } from "./helpers/loopback.js";

let server;
// The pages (by number) that answer 500 the next time they are asked for, and how often.
const failing = new Map();
const LAST = 5;

const start = async () => {
	server = await startServer((request, response) => {
		const url = new URL(request.url, server.baseUrl);
		const page = Number(url.searchParams.get("page") ?? 1);
		const left = failing.get(page) ?? 0;
		if (left > 0) {
			failing.set(page, left - 1);
			return sendJson(response, 500, { message: `page ${page} failed` });
		}
		// Answer in reverse order of arrival if requests overlap: a slow first page must not let a later one pass it.
		const link = page < LAST ? { link: `<${server.baseUrl}/items?page=${page + 1}>; rel="next"` } : {};
		setTimeout(() => sendJson(response, 200, [page], link), (LAST - page) * 3);
	});
};
const reset = () => {
	failing.clear();
	server.requests.length = 0;
};
// No retries: every 500 reaches the iterator.
const hublet = () => new Hublet({ baseUrl: server.baseUrl, log: capturingLog().log, retry: false });
const octokit = () => new (Octokit.plugin(paginateRest))({ baseUrl: server.baseUrl, log: capturingLog().log });
const pagesAsked = () => server.requests.map((request) => Number(new URL(request.url, server.baseUrl).searchParams.get("page") ?? 1));

/** What each of `count` sequential `next()` calls gave: a page's data, "done", or "500". */
async function steps(iterator, count) {
	const seen = [];
	for (let index = 0; index < count; index++) {
		try {
			const result = await iterator.next();
			seen.push(result.done ? "done" : result.value.data[0]);
		} catch (error) {
			seen.push(String(error.status));
		}
	}
	return seen;
}

const failed = suite("a page that fails");
failed.before(start);
failed.after(() => server.close());
failed.before.each(reset);

failed("page 2 answers 500 once: next() rejects, the next next() reads page 2 again, and the walk goes on to the last page", async () => {
	failing.set(2, 1);
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await steps(iterator, 8), [1, "500", 2, 3, 4, 5, "done", "done"]);
	assert.equal(pagesAsked(), [1, 2, 2, 3, 4, 5]);
});

failed("the same sequence as @octokit/plugin-paginate-rest's iterator", async () => {
	failing.set(2, 1);
	failing.set(4, 2);
	const ours = await steps(hublet().paginate.iterator("GET /items")[Symbol.asyncIterator](), 10);
	failing.set(2, 1);
	failing.set(4, 2);
	const theirs = await steps(octokit().paginate.iterator("GET /items")[Symbol.asyncIterator](), 10);
	assert.equal(ours, theirs);
	assert.equal(ours, [1, "500", 2, 3, "500", "500", 4, 5, "done", "done"]);
});

failed("a page that keeps failing rejects every next(), never done", async () => {
	failing.set(3, Infinity);
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await steps(iterator, 6), [1, 2, "500", "500", "500", "500"]);
});

failed("the first page failing once is read again too", async () => {
	failing.set(1, 1);
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await steps(iterator, 3), ["500", 1, 2]);
});

failed("an endpoint method as the target, the same", async () => {
	failing.set(2, 1);
	const client = hublet();
	const iterator = client.paginate.iterator(client.rest.issues.listForRepo, { owner: "o", repo: "r" })[Symbol.asyncIterator]();
	// listForRepo's route is another path: the server answers it all the same.
	assert.equal(await steps(iterator, 3), [1, "500", 2]);
});

/** The errors of `count` sequential `next()` calls, each of which must reject. */
async function rejections(iterator, count) {
	const errors = [];
	for (let index = 0; index < count; index++) {
		try {
			await iterator.next();
			assert.unreachable("resolved");
		} catch (error) {
			errors.push(error);
		}
	}
	return errors;
}

failed("a missing {path} parameter rejects every next() with the same 400, sending nothing", async () => {
	const iterator = hublet().paginate.iterator("GET /repos/{owner}/{repo}/issues", { owner: "o" })[Symbol.asyncIterator]();
	const errors = await rejections(iterator, 3);
	for (const error of errors) {
		assert.is(error.status, 400);
		assert.is(error.code, "INVALID_REQUEST");
		assert.is(error.message, errors[0].message);
	}
	assert.equal(server.requests, []);
});

failed("a target that is not a route rejects every next() with the same TypeError, sending nothing", async () => {
	const iterator = hublet().paginate.iterator(undefined)[Symbol.asyncIterator]();
	const errors = await rejections(iterator, 3);
	assert.instance(errors[0], TypeError);
	assert.is(errors[1], errors[0]);
	assert.is(errors[2], errors[0]);
	assert.equal(server.requests, []);
});

failed("paginate() still rejects on the failing page, naming it", async () => {
	failing.set(3, 1);
	try {
		await hublet().paginate("GET /items");
		assert.unreachable("resolved");
	} catch (error) {
		assert.is(error.status, 500);
		assert.match(error.message, "(paginate: page 3,");
	}
});

failed.run();

// ---

const concurrent = suite("concurrent next() calls");
concurrent.before(start);
concurrent.after(() => server.close());
concurrent.before.each(reset);

const settle = (promises) =>
	Promise.allSettled(promises).then((results) => results.map((result) => (result.status === "rejected" ? String(result.reason.status) : result.value.done ? "done" : result.value.value.data[0])));

concurrent("five concurrent next() calls get five pages, in order, each asked for once", async () => {
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await settle([1, 2, 3, 4, 5].map(() => iterator.next())), [1, 2, 3, 4, 5]);
	assert.equal(pagesAsked(), [1, 2, 3, 4, 5]);
});

concurrent("seven concurrent calls on five pages: the last two are done", async () => {
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await settle(Array.from({ length: 7 }, () => iterator.next())), [1, 2, 3, 4, 5, "done", "done"]);
});

concurrent("page 3 fails once among five concurrent calls: the third rejects, the fourth and fifth get pages 3 and 4", async () => {
	failing.set(3, 1);
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await settle([1, 2, 3, 4, 5].map(() => iterator.next())), [1, 2, "500", 3, 4]);
	assert.equal(await settle([iterator.next(), iterator.next()]), [5, "done"]);
	assert.equal(pagesAsked(), [1, 2, 3, 3, 4, 5]);
});

concurrent.run();

// ---

const ending = suite("ending a walk");
ending.before(start);
ending.after(() => server.close());
ending.before.each(reset);

ending("for await with break after page 2: nothing more is asked for, and the iterator is done", async () => {
	const iterable = hublet().paginate.iterator("GET /items");
	const iterator = iterable[Symbol.asyncIterator]();
	const seen = [];
	for await (const page of { [Symbol.asyncIterator]: () => iterator }) {
		seen.push(page.data[0]);
		if (seen.length === 2) break;
	}
	assert.equal(seen, [1, 2]);
	assert.equal(await iterator.next(), { done: true, value: undefined });
	assert.equal(pagesAsked(), [1, 2]);
});

ending("for await over a failure: the loop throws; a new loop over the same iterator reads the failed page and goes on", async () => {
	failing.set(2, 1);
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	const seen = [];
	try {
		for await (const page of iterator) seen.push(page.data[0]);
		assert.unreachable("ended");
	} catch (error) {
		assert.is(error.status, 500);
	}
	for await (const page of iterator) seen.push(page.data[0]);
	assert.equal(seen, [1, 2, 3, 4, 5]);
});

ending("return() ends the walk: every later next() is done, and nothing is sent", async () => {
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.is((await iterator.next()).value.data[0], 1);
	assert.equal(await iterator.return(), { done: true, value: undefined });
	assert.equal(await steps(iterator, 2), ["done", "done"]);
	assert.equal(pagesAsked(), [1]);
});

ending("return() while a next() is in flight: that next() still gets its page, then the walk is done", async () => {
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	const [page, ended, after] = await settle([iterator.next(), iterator.return(), iterator.next()]);
	assert.equal([page, ended, after], [1, "done", "done"]);
	assert.equal(pagesAsked(), [1]);
});

ending("return() after a failure ends the walk without asking for the failed page again", async () => {
	failing.set(2, 1);
	const iterator = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await steps(iterator, 2), [1, "500"]);
	await iterator.return();
	assert.equal(await steps(iterator, 1), ["done"]);
	assert.equal(pagesAsked(), [1, 2]);
});

ending("return(value) resolves with { done: true, value }, before the first page and after it, as an async generator's does", async () => {
	const fresh = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await fresh.return("early"), { done: true, value: "early" });
	const walked = hublet().paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.is((await walked.next()).value.data[0], 1);
	assert.equal(await walked.return("late"), { done: true, value: "late" });
	assert.equal(await walked.next(), { done: true, value: undefined });
	assert.equal(pagesAsked(), [1]);
});

ending("each iterator from one iterable walks on its own", async () => {
	const iterable = hublet().paginate.iterator("GET /items");
	const a = iterable[Symbol.asyncIterator]();
	const b = iterable[Symbol.asyncIterator]();
	assert.equal(await steps(a, 2), [1, 2]);
	assert.equal(await steps(b, 1), [1]);
});

ending.run();
