import type { Log } from "../../types/request.js";
import type { FeatureStages, SendRequest } from "../http/stage-types.js";
import type { PerCallOption } from "../http/call.js";
import type * as query from "../graphql/query.js";

/*
Where the kernel reaches code it does not hold: the transport (http/request.ts's composeSend),
graphql's query (graphql/query.ts) and the features' bodies. The entry a program imports opens these
doors as it loads, before any client exists, and the kernel names neither way through them:
- for Node (dist/core.js, dist/index.js: lazy-doors.ts), each is a file of dist/ loaded at its first
  use (later.ts), so that a program that does not bundle parses it only then;
- for a bundler (package.json's "module" condition: lib/core.ts), the transport and the query are
  the code itself, composed at once, and every feature that entry exports carries its body: a
  program's bundle holds no import(), no loader and no lazy module for them.
Both forms import the same dist/kernel.js, so the package holds the kernel once.
*/
export interface Doors {
	/** The transport's `send` for a client (http/request.ts's composeSend). */
	composeSend(log: Log, stages: FeatureStages, perCall: readonly PerCallOption[]): SendRequest;
	/** graphql's query (graphql/query.ts): the module, or an object of its `graphql`. */
	query(): Promise<Pick<typeof query, "graphql">>;
	/**
	A feature's body by its folder of lib/features/ (`rate-limits`), for `request` when the load is for
	one: the lazy doors' alone.
	*/
	body?(folder: string, request?: unknown): Promise<unknown>;
	/**
	A package that dist/ holds as a file of its own (`p-retry.js`, `debug.js`), loaded by `load` at its first
	use: the lazy doors' loader (later.ts), which loads it again after a failed load. Without it (a
	bundler's form, where `load` is the bundler's own import()), `load` runs as it is.
	*/
	ownFile?(file: string, load: () => Promise<unknown>, request?: unknown): Promise<unknown>;
}

/*
The doors as the entries opened them: state every file of dist/ shares, so it is in dist/kernel.js
alone. A program (or its bundle) may load both forms, `@hublet/rest/testing` through Node's condition
and `@hublet/rest` through a bundler's, in either order: whichever opens last must not break the
other, so each form keeps its own doors rather than the last replacing the first. The code itself
wins over a loader of it: once a static entry opened them, the transport and the query are its own,
whatever opens after. The body loader, which only the lazy form has, is there for the features its
entry exports, which carry no body (a static entry's carry theirs and never call it).
*/
let atOnce: Doors | undefined;
/** The doors in use: the static entry's transport and query where one opened them, the lazy entry's body loader. */
export let doors: Doors;

/** Opens the doors, and gives `entry` back: an entry's class is what opens them, so no bundler drops the opening. */
export function openDoors<T>(given: Doors, entry: T): T {
	if (!given.body) atOnce = given;
	doors = { ...doors, ...given, ...atOnce };
	return entry;
}

export const loadBody = <Body>(...args: [folder: string, request?: unknown]) => doors.body!(...args) as Promise<Body>;

/** A package of dist/ loaded at its first use (`Doors.ownFile`), for `request` when the load is for one. */
export const loadOwnFile = <M>(file: string, load: () => Promise<M>, request?: unknown) =>
	(doors.ownFile ? doors.ownFile(file, load, request) : load()) as Promise<M>;
