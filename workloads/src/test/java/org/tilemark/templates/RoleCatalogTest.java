package org.tilemark.templates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class RoleCatalogTest {

    @Test
    void theTileRolesAreMovableAndTheHelperVmsAreNot() {
        assertThat(RoleCatalog.movableRoles())
                .containsExactly("dvdstore-db", "dvdstore-web", "mail", "olio-db", "olio-web", "standby");
        assertThat(RoleCatalog.forRole("deploy").movable()).isFalse();
        assertThat(RoleCatalog.forRole("io").movable()).isFalse();
    }

    @Test
    void eachRoleHasItsSizePortsAndStatelessness() {
        RoleTemplate mail = RoleCatalog.forRole("mail");
        assertThat(mail.size()).isEqualTo(new VmSize(4, 8192, 40));
        assertThat(mail.ports()).containsExactly("smtp", "imap");
        assertThat(RoleCatalog.forRole("dvdstore-web").stateless()).isTrue();
        assertThat(RoleCatalog.forRole("olio-web").stateless()).isFalse();
        assertThat(RoleCatalog.forRole("olio-db").displayName()).isEqualTo("Olio database");
        assertThat(RoleCatalog.all()).extracting(RoleTemplate::role).doesNotHaveDuplicates();
    }

    @Test
    void anUnknownRoleIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> RoleCatalog.forRole("nosuch")).isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("'nosuch'").hasMessageContaining("dvdstore-db");
    }
}
