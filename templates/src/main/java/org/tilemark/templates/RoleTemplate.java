package org.tilemark.templates;

/** What every VM of one role is made from. */
public record RoleTemplate(String role, VmSize size, GuestLaunch launch) {
}
