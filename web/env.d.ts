// Types the load context that loaders receive (the one door from web/ into server/, type-only).
import type {} from "../server/load-context";
