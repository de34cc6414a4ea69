import type { Log } from "../../types/request.js";
import type { FeatureStages, SendRequest } from "../http/stage-types.js";
import type { PerCallOption } from "../http/call.js";
import type { graphql } from "../graphql/query.js";

/*
Where the kernel reaches code it does not hold: the transport (http/request.ts's composeSend),
graphql's query (graphql/query.ts) and the features' bodies. The entry a program imports opens these
doors as it loads, before any client exists, and the kernel names neither way through them:
- for Node (dist/core.js, dist/index.js: lazy-doors.ts), each is a file of dist/ loaded at its first
  use (later.ts), so that a program that does not bundle parses it only then;
- for a bundler (package.json's "module" condition: static-doors.ts), the transport and the query are
  the code itself, composed at once, and every feature that entry exports carries its body: a
  program's bundle holds no import(), no loader and no lazy module for them.
Both forms import the same dist/kernel.js, so the package holds the kernel once.
*/
export interface Doors {
	/** The transport's `send` for a client (http/request.ts's composeSend). */
	composeSend(log: Log, stages: FeatureStages, perCall: readonly PerCallOption[]): SendRequest;
	/** graphql's query. */
	query(): Promise<typeof graphql>;
	/**
	A feature's body by its folder of lib/features/ (`rate-limits`), for `request` when the load is for
	one: the lazy doors' alone.
	*/
	body?(folder: string, request?: unknown): Promise<unknown>;
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
let later: Doors | undefined;

/** Opens the doors, and gives `entry` back: an entry's class is what opens them, so no bundler drops the opening. */
export function openDoors<T>(given: Doors, entry: T): T {
	if (given.body) later = given;
	else atOnce = given;
	return entry;
}

/** The doors to the transport and the query: the code itself where a static entry opened them, else the files. */
export const door = () => (atOnce ?? later)!;
export const loadBody = <Body>(folder: string, request?: unknown) => later!.body!(folder, request) as Promise<Body>;
