/**
 * Issue 27, item 6 (decision 65) on the identity pages: an identity document sent as a HEIC photo is listed with its
 * state ("en cours de préparation", then "Fichier illisible, renvoyez-le." if its conversion fails) and no link, and
 * its download is refused, for its owner and for the reviewing admin alike.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityStepPage } from "~/components/identity/identity-steps";
import { fileStateMessages } from "~/modules/files/file-states";
import type { FileStorage } from "~/modules/files/files.server";
import { completeTutorial, downloadFile, reviewQueue, submitIdentityStep, verificationFor, type VerificationView } from "~/modules/identity/identity.server";
import { reviewQuerySchema } from "~/modules/identity/identity.schema";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import type { UserActor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { heicFile, jpegFile } from "../support/upload-fixtures";

async function person(role: Role, name: string): Promise<UserActor> {
  const { userId, email } = await seedAccount(role, { firstName: name, lastName: `Nom${name}` });
  await db().updateTable("profiles").set({ profile_completed: true, address: "12 rue des Lilas", postal_code: "69003", city: "Lyon" }).where("id", "=", userId).execute();
  await writeProfileFields(db(), runtime().keyring, userId, { birthDate: "1958-04-12", nif: null });
  return {
    kind: "user",
    userId,
    sessionId: "session-de-test",
    email,
    role,
    firstName: name,
    lastName: `Nom${name}`,
    clientAddress: "203.0.113.7",
    secondFactor: role === "user" ? "not-enrolled" : "verified",
  };
}

/** The /verify-identity page at step 2 as the server renders it. */
function stepPage(view: VerificationView): string {
  const Stub = createRoutesStub([
    { path: "/verify-identity", Component: () => createElement(IdentityStepPage, { view, step: 2, qrCode: null, phoneUrl: "http://localhost/verify-identity", submissionId: "s", failure: null }) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/verify-identity"] }));
}

describe.each(testEngines())("identity documents sent as HEIC photos on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
  });
  afterAll(async () => {
    await store?.close();
    await stop?.();
  });

  it("shows the state instead of a link while converting and once failed, and refuses the download", async () => {
    const user = await person("user", "Heic");
    const admin = await person("admin", "Revue");
    await completeTutorial(user);
    const form = new FormData();
    form.append("documentType", "cni");
    form.append("recto", new Blob([new Uint8Array(heicFile())]), "IMG_0001.HEIC");
    form.append("verso", new Blob([new Uint8Array(await jpegFile())]), "verso.jpg");
    const sent = await submitIdentityStep(user, 2, new Request("http://localhost/verify-identity/2", { method: "POST", body: form }), { storage });
    expect(sent).toMatchObject({ ok: true });

    const view = await verificationFor(user);
    const recto = view.documents[2].find((document) => document.documentSide === "recto")!;
    const verso = view.documents[2].find((document) => document.documentSide === "verso")!;
    let page = stepPage(view);
    expect(page).toContain(fileStateMessages.converting);
    expect(page).toContain("en cours de préparation");
    expect(page).not.toContain(`/fichiers/${recto.fileId}`);
    expect(page).toContain(`/fichiers/${verso.fileId}`);
    for (const viewer of [user, admin]) {
      expect(await downloadFile(viewer, recto.fileId!, { exp: null, sig: null }, { storage })).toEqual({ kind: "refused", status: 409, message: fileStateMessages.converting });
    }
    expect(recto.fileStatus).toBe("converting");
    const group = (await reviewQueue(admin, reviewQuerySchema.parse({}))).groups.find((candidate) => candidate.userId === user.userId)!;
    expect(group.documents.find((document) => document.fileId === recto.fileId)?.fileStatus).toBe("converting");

    // The conversion failed (what the job leaves: the row failed, the original deleted).
    await db().updateTable("stored_files").set({ status: "failed" }).where("id", "=", recto.fileId!).execute();
    page = stepPage(await verificationFor(user));
    expect(page).toContain("Fichier illisible, renvoyez-le.");
    expect(page).not.toContain(`/fichiers/${recto.fileId}`);
    const signed = new URL(storage.downloadLink(recto.fileId!, user.userId), "http://localhost");
    expect(await downloadFile(user, recto.fileId!, { exp: signed.searchParams.get("exp"), sig: signed.searchParams.get("sig") }, { storage })).toEqual({
      kind: "refused",
      status: 409,
      message: "Fichier illisible, renvoyez-le.",
    });
  });
});
