package org.tilemark.infra.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.infra.platform.Vm;

class VmPoolTest {

    private static Vm vm(int tile, String role) {
        return new Vm("tile" + tile + "-" + role, "run", tile, role, "host-0", "app");
    }

    private final VmPool pool = new VmPool(List.of(vm(2, "mail"), vm(1, "standby"), vm(1, "mail"), vm(2, "standby"),
            vm(1, "dvdstore-db")));

    @Test
    void roundRobinOverTilesThenConfiguredRoles() {
        VmPool.Cursor cursor = pool.cursor(List.of("mail", "standby"));
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Vm vm = cursor.claim().orElseThrow();
            order.add(vm.name());
            cursor.release(vm);
        }
        assertThat(order).containsExactly("tile1-mail", "tile1-standby", "tile2-mail", "tile2-standby", "tile1-mail");
    }

    @Test
    void aVmIsNeverLentTwice() {
        VmPool.Cursor one = pool.cursor(List.of("mail"));
        VmPool.Cursor other = pool.cursor(List.of("mail"));
        Vm first = one.claim().orElseThrow();
        Vm second = other.claim().orElseThrow();
        assertThat(second.name()).isNotEqualTo(first.name());
        assertThat(one.claim()).isEmpty();
        other.release(second);
        assertThat(one.claim()).map(Vm::name).isEqualTo(Optional.of(second.name()));
    }

    @Test
    void rolesWithoutVmsGiveAnEmptyCursor() {
        assertThat(pool.cursor(List.of("olio-web")).isEmpty()).isTrue();
        assertThat(pool.cursor(List.of("olio-web")).claim()).isEmpty();
    }
}
