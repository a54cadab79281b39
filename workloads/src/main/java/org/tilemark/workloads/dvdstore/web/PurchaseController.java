package org.tilemark.workloads.dvdstore.web;

import java.util.SortedMap;
import java.util.TreeMap;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** DS3 purchase page: {@code items=prodId:qty,prodId:qty,...}. */
@RestController
@RequestMapping("/ds3")
class PurchaseController {

    private final PurchaseService purchases;

    PurchaseController(PurchaseService purchases) {
        this.purchases = purchases;
    }

    @PostMapping("/purchase")
    ResponseEntity<String> purchase(@RequestParam(required = false) String customerid,
                                    @RequestParam(required = false) String items) {
        int customerId = Params.id("customerid", customerid);
        SortedMap<Integer, Integer> quantities = parseItems(items);
        try {
            int orderId = purchases.purchase(customerId, quantities);
            return new Html("Purchase").span("orderid", orderId).heading("Thank you for your order").ok();
        } catch (PurchaseService.InsufficientStockException e) {
            return new Html("Purchase").span("orderid", 0).span("rollback", e.getMessage())
                    .heading("Order rolled back").ok();
        }
    }

    /** Repeated products are merged; the map iterates in product id order. */
    static SortedMap<Integer, Integer> parseItems(String items) {
        String list = Params.text("items", items, 20_000);
        SortedMap<Integer, Integer> quantities = new TreeMap<>();
        for (String item : list.split(",")) {
            String[] parts = item.strip().split(":");
            if (parts.length != 2) {
                throw new BadRequestException("parameter 'items' must look like prodId:qty,prodId:qty");
            }
            int prodId = Params.id("items product", parts[0]);
            int quantity = (int) Params.number("items quantity", parts[1], 1, StoreLimits.MAX_QUANTITY);
            quantities.merge(prodId, quantity, Integer::sum);
        }
        if (quantities.size() > StoreLimits.MAX_PURCHASE_LINES) {
            throw new BadRequestException("at most " + StoreLimits.MAX_PURCHASE_LINES + " products per purchase");
        }
        return quantities;
    }
}
