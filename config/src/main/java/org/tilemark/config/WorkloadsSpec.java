package org.tilemark.config;

/** The workloads that make up one tile. */
public record WorkloadsSpec(DvdStoreSpec dvdstore, MailSpec mail, OlioSpec olio, StandbySpec standby) {
}
