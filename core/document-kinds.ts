/**
 * Documents attached to no season that are there to be tried: a password-protected PDF and a
 * corrupt one (the demo data generates them). The criteria window offers the protected one
 * as a sample; the back office's documents page lists both.
 */
export const SAMPLE_DOCUMENT_KINDS = {
  protected: "sample-protected",
  corrupt: "sample-corrupt",
} as const;
export type SampleDocumentKind = (typeof SAMPLE_DOCUMENT_KINDS)[keyof typeof SAMPLE_DOCUMENT_KINDS];
