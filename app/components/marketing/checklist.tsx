import { AlertIcon, CheckIcon } from "~/components/ui/icons";

const tones = {
  warning: { icon: AlertIcon, colour: "text-amber-700" },
  positive: { icon: CheckIcon, colour: "text-green-700" },
  neutral: { icon: CheckIcon, colour: "text-brand-700" },
} as const;

export function Checklist({ items, tone }: { items: readonly string[]; tone: keyof typeof tones }) {
  const { icon: Icon, colour } = tones[tone];
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Icon className={`mt-0.5 size-5 shrink-0 ${colour}`} />
          <span className="text-slate-800">{item}</span>
        </li>
      ))}
    </ul>
  );
}
