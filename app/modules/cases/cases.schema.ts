// The cases module's schemas and wording shared with the browser (no server import): one entry over their files.
export * from "./case-labels";
export * from "./case-choices";
export * from "./case-draft.schema";
export * from "./wizard-steps";
