import type { Feature } from "../../types/features.js";

/**
`feature`, composed with its body: a client uses it at once and never loads the body's file (the
full entry's features its client runs at the first request, and every feature of the bundlers' `/core`).
An object of the body's names rather than its module's namespace, which a bundler builds with a call it
must keep; typed as what the feature's front calls of its body, so that a name the front comes to call
is one to add where this is called.
Called with a pure mark where a bundler is to drop a feature its program does not import, body and all.
*/
export const withBody = <Settings, Body, Members>(
	feature: Feature<Settings, Body, Members>,
	body: Body,
): Feature<Settings, Body, Members> => ({ ...feature, body });
