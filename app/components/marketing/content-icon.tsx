import type { IconName } from "~/content/types";
import {
  AlertIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  DocumentIcon,
  EuroIcon,
  GlobeIcon,
  GraduationIcon,
  HandshakeIcon,
  HeartIcon,
  LockIcon,
  PhoneIcon,
  ScaleIcon,
  SearchIcon,
  ShieldIcon,
  UsersIcon,
} from "~/components/ui/icons";

const icons: Record<IconName, (props: { className?: string }) => React.ReactNode> = {
  shield: ShieldIcon,
  scale: ScaleIcon,
  globe: GlobeIcon,
  euro: EuroIcon,
  clock: ClockIcon,
  users: UsersIcon,
  search: SearchIcon,
  file: DocumentIcon,
  check: CheckIcon,
  alert: AlertIcon,
  lock: LockIcon,
  phone: PhoneIcon,
  chart: ChartIcon,
  heart: HeartIcon,
  graduation: GraduationIcon,
  handshake: HandshakeIcon,
};

export function ContentIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} />;
}
