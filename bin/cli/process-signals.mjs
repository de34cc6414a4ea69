// The `signals` that bin/hublet.mjs gives the command: the process's own Ctrl-C, with one rule that
// only a process needs.
/**
Ctrl-C reaches the command (--paginate listens while it runs) as `target`'s SIGINT. Once the
command has heard one, the process is on its way out (exit 130): the listener the command then
removes is first replaced by one that ignores later presses. Removed first, a press in between
would end the process with the default action, not with its exit status. A listener removed before
any press was heard leaves none: Ctrl-C then ends the process at once, as it would without this.
*/
export function processSignals(target) {
	let heard = false;
	const ignoreLater = () => {};
	const wrapped = new Map();
	return {
		on(name, listener) {
			const heardBy = (...args) => {
				heard = true;
				listener(...args);
			};
			wrapped.set(listener, heardBy);
			target.on(name, heardBy);
		},
		off(name, listener) {
			if (heard && !target.listeners(name).includes(ignoreLater)) target.on(name, ignoreLater);
			target.off(name, wrapped.get(listener));
			wrapped.delete(listener);
		},
	};
}
