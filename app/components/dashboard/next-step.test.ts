import { describe, expect, it } from "vitest";
import type { UserDashboard } from "~/modules/dashboard/dashboard.server";
import { nextStepFor } from "./user-dashboard";

function dashboard(overrides: { profileCompleted?: boolean; identity?: UserDashboard["identity"]; cases?: number; toSign?: UserDashboard["agreementsToSign"] }): UserDashboard {
  return {
    view: "user",
    profile: { email: "a@exemple.fr", firstName: "A", lastName: "B", profileCompleted: overrides.profileCompleted ?? false, identityVerified: false },
    identity: overrides.identity ?? "unverified",
    rejectedDocuments: [],
    secondFactorEnabled: false,
    activeCaseCount: 0,
    hasDraft: false,
    cases: Array.from({ length: overrides.cases ?? 0 }, (_, index) => ({
      id: String(index),
      caseNumber: `C-${index}`,
      scamType: null,
      totalAmountLost: null,
      status: "draft" as UserDashboard["cases"][number]["status"],
      createdAt: "2026-01-01",
      unreadMessages: 0,
    })),
    activity: [],
    agreementsToSign: overrides.toSign ?? [],
    callCode: { code: "K7P\u00a0X3M", shown: "2026-11-27.0" },
  };
}

describe("the dashboard's next step", () => {
  it("is the profile first, then the identity check, then the case", () => {
    expect(nextStepFor(dashboard({}))?.title).toBe("Complétez votre profil");
    expect(nextStepFor(dashboard({ profileCompleted: true }))?.title).toBe("Vérifiez votre identité");
    expect(nextStepFor(dashboard({ profileCompleted: true, identity: "rejected" }))?.action).toBe("Reprendre la vérification");
    expect(nextStepFor(dashboard({ profileCompleted: true, identity: "pending" }))?.title).toBe("Déposez votre dossier");
    expect(nextStepFor(dashboard({ profileCompleted: true, identity: "verified" }))?.title).toBe("Déposez votre dossier");
  });

  it("is the fee agreement to sign when the lawyer proposed one", () => {
    const step = nextStepFor(dashboard({ profileCompleted: true, identity: "verified", cases: 1, toSign: [{ caseId: "c1", caseNumber: "RC-2026-000001" }] }));
    expect(step).toMatchObject({ title: "Signez la convention d'honoraires", to: "/case/c1/convention" });
    expect(step?.why).toContain("RC-2026-000001");
  });

  it("is gone once a case exists", () => {
    expect(nextStepFor(dashboard({ profileCompleted: true, identity: "verified", cases: 1 }))).toBeNull();
  });
});
