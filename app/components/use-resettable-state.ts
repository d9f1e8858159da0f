import { useState, useSyncExternalStore, type Dispatch, type SetStateAction } from "react";

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
