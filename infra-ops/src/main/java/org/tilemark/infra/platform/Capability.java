package org.tilemark.infra.platform;

/** What a platform can do to a running VM besides the basics every platform supports. */
public enum Capability {
    /** Move a running VM to another host (vMotion). */
    LIVE_MIGRATION,
    /** Move a running VM's disks to another datastore (Storage vMotion). */
    STORAGE_MIGRATION,
    /** Both at once (XvMotion). */
    CROSS_MIGRATION
}
