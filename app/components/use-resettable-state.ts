import { useEffect, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from "react";

/** Local state that starts again from `value` whenever `value` changes (a new action result, a new toast). */
export function useResettableState<T>(value: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(value);
  const [source, setSource] = useState(value);
  if (value !== source) {
    setSource(value);
    setState(value);
  }
  return [state, setState];
}

const subscribeNever = () => () => {};

/** False during the server render and hydration, true once JavaScript runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * A controlled field the person filled in before the scripts arrived (a slow phone): hydration leaves their entry in
 * the page while the state still holds the server's value, and the next render would wipe it. Once hydrated, hands
 * that entry to `adopt`. Reads the field by id, once.
 */
export function useEntryMadeBeforeHydration(fieldId: string, stateValue: string, adopt: (entry: string) => void): void {
  useEffect(() => {
    const field = document.getElementById(fieldId);
    const entry = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : null;
    if (entry !== null && entry !== stateValue) adopt(entry);
    // Only at hydration: afterwards the state is the source of truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
