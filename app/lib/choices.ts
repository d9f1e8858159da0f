/**
 * The values of a choice list, in the order its labels are written: the labels are the one list, so a value can
 * neither lack a label nor be offered twice.
 */
export function choiceValues<Value extends string>(labels: Record<Value, unknown>): readonly [Value, ...Value[]] {
  return Object.keys(labels) as [Value, ...Value[]];
}
