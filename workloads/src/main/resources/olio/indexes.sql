-- Built after the COPY load: one sort per index instead of row-by-row maintenance.
CREATE UNIQUE INDEX person_username ON person (username);
ALTER TABLE person ADD CONSTRAINT person_address FOREIGN KEY (address_addressid) REFERENCES address;
ALTER TABLE person_person ADD PRIMARY KEY (person_userid, friends_userid);
ALTER TABLE person_person ADD CONSTRAINT person_person_person FOREIGN KEY (person_userid) REFERENCES person;
ALTER TABLE person_person ADD CONSTRAINT person_person_friend FOREIGN KEY (friends_userid) REFERENCES person;
ALTER TABLE socialevent ADD CONSTRAINT socialevent_address FOREIGN KEY (address_addressid) REFERENCES address;
-- The home page lists upcoming events in time order.
CREATE INDEX socialevent_eventtimestamp ON socialevent (eventtimestamp, socialeventid);
CREATE INDEX socialevent_eventdate ON socialevent (eventdate);
CREATE INDEX socialevent_submitter ON socialevent (submitterusername);
CREATE UNIQUE INDEX socialeventtag_tag ON socialeventtag (tag);
-- The tag cloud shows the most used tags.
CREATE INDEX socialeventtag_refcount ON socialeventtag (refcount DESC);
ALTER TABLE socialeventtag_socialevent ADD PRIMARY KEY (socialeventtagid, socialeventid);
CREATE INDEX socialeventtag_socialevent_event ON socialeventtag_socialevent (socialeventid);
ALTER TABLE socialeventtag_socialevent ADD CONSTRAINT tag_event_tag FOREIGN KEY (socialeventtagid) REFERENCES socialeventtag;
ALTER TABLE socialeventtag_socialevent ADD CONSTRAINT tag_event_event FOREIGN KEY (socialeventid) REFERENCES socialevent;
ALTER TABLE person_socialevent ADD PRIMARY KEY (socialeventid, userid);
CREATE INDEX person_socialevent_user ON person_socialevent (userid);
ALTER TABLE person_socialevent ADD CONSTRAINT attendee_person FOREIGN KEY (userid) REFERENCES person;
ALTER TABLE person_socialevent ADD CONSTRAINT attendee_event FOREIGN KEY (socialeventid) REFERENCES socialevent;
CREATE INDEX comments_rating_event ON comments_rating (socialeventid, created_at);
ALTER TABLE comments_rating ADD CONSTRAINT comment_event FOREIGN KEY (socialeventid) REFERENCES socialevent;
