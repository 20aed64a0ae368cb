import type { Migration } from "kysely";
import type { DatabaseKind } from "../database";
import seasonsCategoriesSettings from "./0001-seasons-categories-settings";
import identity from "./0002-identity";
import documents from "./0003-documents";
import content from "./0004-content";
import audit from "./0005-audit";
import media from "./0006-media";
import staff from "./0009-staff";
import entries from "./0007-entries";
import contentAdmin from "./0008-content-admin";
import contentMedia from "./0010-content-media";
import entryLifecycle from "./0011-entry-lifecycle";
import payments from "./0012-payments";
import judging from "./0013-judging";
import library from "./0014-library";
import libraryVersion from "./0015-library-version";
import mediaVariantsLater from "./0016-media-variants-later";
import liveUploads from "./0017-live-uploads";
import jobRuns from "./0018-job-runs";
import mailRetries from "./0019-mail-retries";
import vietnameseOrder from "./0020-vietnamese-order";
import judgeCopies from "./0021-judge-copies";
import librarySearchRoles from "./0022-library-search-roles";
import paymentReceived from "./0023-payment-received";
import exclusionFromRound from "./0024-exclusion-from-round";
import assignmentLookups from "./0025-assignment-lookups";

/** Every migration in order; names sort in the order they must run. */
export function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return {
    "0001-seasons-categories-settings": seasonsCategoriesSettings(kind),
    "0002-identity": identity(kind),
    "0003-documents": documents(kind),
    "0004-content": content(kind),
    "0005-audit": audit(kind),
    "0006-media": media(kind),
    "0007-entries": entries(kind),
    "0008-content-admin": contentAdmin(kind),
    "0009-staff": staff(kind),
    "0010-content-media": contentMedia(kind),
    "0011-entry-lifecycle": entryLifecycle(kind),
    "0012-payments": payments(kind),
    "0013-judging": judging(kind),
    "0014-library": library(kind),
    "0015-library-version": libraryVersion(kind),
    "0016-media-variants-later": mediaVariantsLater(),
    "0017-live-uploads": liveUploads(kind),
    "0018-job-runs": jobRuns(),
    "0019-mail-retries": mailRetries(),
    "0020-vietnamese-order": vietnameseOrder(kind),
    "0021-judge-copies": judgeCopies(),
    "0022-library-search-roles": librarySearchRoles(),
    "0023-payment-received": paymentReceived(kind),
    "0024-exclusion-from-round": exclusionFromRound(),
    "0025-assignment-lookups": assignmentLookups(),
  };
}
