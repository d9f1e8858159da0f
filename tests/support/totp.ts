import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** The current code of an authenticator app holding this manual key (base32, spaces allowed), as a phone computes it. */
export function totpCode(manualKey: string): Promise<string> {
  return createOTP(base32.decode(manualKey.replace(/\s/g, "")), { digits: 6, period: 30 }).totp();
}
