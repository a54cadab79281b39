-- Keys and indexes of DS3's PostgreSQL build, created after the bulk load.
ALTER TABLE customers ADD CONSTRAINT customers_pkey PRIMARY KEY (customerid);
CREATE UNIQUE INDEX ix_cust_username ON customers (username);
ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (orderid);
CREATE INDEX ix_order_custid ON orders (customerid);
ALTER TABLE orderlines ADD CONSTRAINT orderlines_pkey PRIMARY KEY (orderid, orderlineid);
CREATE INDEX ix_cust_hist_customerid ON cust_hist (customerid, orderid);
ALTER TABLE products ADD CONSTRAINT products_pkey PRIMARY KEY (prod_id);
-- Category browse lists the category's titles on special (DS3).
CREATE INDEX ix_prod_category_special ON products (category, special DESC, prod_id);
CREATE INDEX ix_prod_special ON products (special);
-- Browse by actor / title: prefix LIKE (text_pattern_ops) and word match (tsvector, GIN).
CREATE INDEX ix_prod_actor ON products (actor text_pattern_ops);
CREATE INDEX ix_prod_title ON products (title text_pattern_ops);
CREATE INDEX ix_prod_actor_words ON products USING gin (to_tsvector('simple', actor));
CREATE INDEX ix_prod_title_words ON products USING gin (to_tsvector('simple', title));
ALTER TABLE inventory ADD CONSTRAINT inventory_pkey PRIMARY KEY (prod_id);
ALTER TABLE categories ADD CONSTRAINT categories_pkey PRIMARY KEY (category);
ALTER TABLE membership ADD CONSTRAINT membership_pkey PRIMARY KEY (customerid);
ALTER TABLE reviews ADD CONSTRAINT reviews_pkey PRIMARY KEY (review_id);
CREATE INDEX ix_reviews_prod_stars ON reviews (prod_id, stars DESC);
CREATE INDEX ix_reviews_prod_date ON reviews (prod_id, review_date DESC);
CREATE INDEX ix_reviews_stars ON reviews (stars);
ALTER TABLE reviews_helpfulness ADD CONSTRAINT reviews_helpfulness_pkey PRIMARY KEY (review_helpfulness_id);
CREATE INDEX ix_reviews_helpfulness_review ON reviews_helpfulness (review_id);
-- DS3's foreign keys (pgsqlds35_createindexes.sql), with its delete rules.
ALTER TABLE cust_hist ADD CONSTRAINT fk_cust_hist_customerid FOREIGN KEY (customerid)
  REFERENCES customers (customerid) ON DELETE CASCADE;
ALTER TABLE orders ADD CONSTRAINT fk_customerid FOREIGN KEY (customerid)
  REFERENCES customers (customerid) ON DELETE SET NULL;
ALTER TABLE orderlines ADD CONSTRAINT fk_orderid FOREIGN KEY (orderid)
  REFERENCES orders (orderid) ON DELETE CASCADE;
ALTER TABLE membership ADD CONSTRAINT fk_membership_custid FOREIGN KEY (customerid)
  REFERENCES customers (customerid) ON DELETE CASCADE;
ALTER TABLE reviews ADD CONSTRAINT fk_prod_id FOREIGN KEY (prod_id)
  REFERENCES products (prod_id) ON DELETE CASCADE;
ALTER TABLE reviews ADD CONSTRAINT fk_review_customerid FOREIGN KEY (customerid)
  REFERENCES customers (customerid) ON DELETE CASCADE;
ALTER TABLE reviews_helpfulness ADD CONSTRAINT fk_review_id FOREIGN KEY (review_id)
  REFERENCES reviews (review_id) ON DELETE CASCADE;
