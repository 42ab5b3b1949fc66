/**
 * The list a save answered, with the edits made while the save was on its way (`sent` → `current`)
 * replayed on top: a late answer must not bring back an item removed meanwhile or drop one added.
 * `key` names an item's slot (one item per key); an item whose slot now holds something else
 * (`same` is false) counts as edited, and the edited one wins over the answer's.
 */
export function replayEdits<T>(answer: readonly T[], sent: readonly T[], current: readonly T[], key: (item: T) => string, same: (a: T, b: T) => boolean = Object.is): T[] {
  const before = new Map(sent.map((item) => [key(item), item]));
  const now = new Set(current.map(key));
  const edited = current.filter((item) => {
    const was = before.get(key(item));
    return was === undefined || !same(was, item);
  });
  const editedKeys = new Set(edited.map(key));
  const removed = (k: string) => before.has(k) && !now.has(k);
  return [...answer.filter((item) => !removed(key(item)) && !editedKeys.has(key(item))), ...edited];
}

/**
 * Moves the focus off a list's remove button that is about to take its own item away: to the next
 * item's button, else the previous one's, else `fallback` (the field that adds items), so keyboard
 * users are not dropped to the top of the page.
 */
export function focusAfterRemoving(button: HTMLElement, fallback: HTMLElement | null) {
  const item = button.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  (neighbour?.querySelector('button') ?? fallback)?.focus();
}
