import { env, type Env } from "~/platform/env.server";
import { operatorPlaceholders, type OperatorIdentity } from "./site";

/** The operator's identity: each OPERATOR_* variable that is set replaces its visible placeholder. */
export function operatorIdentity(e: Env = env()): OperatorIdentity {
  return {
    name: e.OPERATOR_NAME ?? operatorPlaceholders.name,
    legalForm: e.OPERATOR_LEGAL_FORM ?? operatorPlaceholders.legalForm,
    shareCapital: e.OPERATOR_SHARE_CAPITAL ?? operatorPlaceholders.shareCapital,
    siren: e.OPERATOR_SIREN ?? operatorPlaceholders.siren,
    rcs: e.OPERATOR_RCS ?? operatorPlaceholders.rcs,
    address: e.OPERATOR_ADDRESS ?? operatorPlaceholders.address,
    publicationDirector: e.OPERATOR_PUBLICATION_DIRECTOR ?? operatorPlaceholders.publicationDirector,
    hostName: e.OPERATOR_HOST_NAME ?? operatorPlaceholders.hostName,
    hostAddress: e.OPERATOR_HOST_ADDRESS ?? operatorPlaceholders.hostAddress,
    email: e.OPERATOR_EMAIL ?? operatorPlaceholders.email,
    phone: e.OPERATOR_PHONE ?? operatorPlaceholders.phone,
  };
}
