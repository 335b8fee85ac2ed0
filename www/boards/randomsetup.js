// A setup picker entry that deals a fresh random seed each time it is picked (see `setups` in
// the renderer contract, index.js). The seed then shows in the custom setup box and the link,
// so the deal can be shared and replayed.

/** The entry `{label, value}` whose value is `prefix` and a new seed each time it is read. */
export function randomSeedEntry(label, prefix) {
  return {
    label,
    get value() {
      return `${prefix}${Math.floor(Math.random() * 1_000_000_000)}`;
    },
  };
}
