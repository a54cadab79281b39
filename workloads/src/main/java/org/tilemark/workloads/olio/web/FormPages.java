package org.tilemark.workloads.olio.web;

/** The HTML of the AddPerson and AddEvent forms (the field names are the HTTP contract). */
final class FormPages {

    static final String ADD_PERSON = """
            <form id="add-person" method="post" action="/people" enctype="multipart/form-data">
            <label>User name <input name="username" maxlength="25"></label>
            <label>Password <input name="password" type="password" maxlength="25"></label>
            <label>First name <input name="firstname" maxlength="25"></label>
            <label>Last name <input name="lastname" maxlength="25"></label>
            <label>E-mail <input name="email" maxlength="90"></label>
            <label>Telephone <input name="telephone" maxlength="25"></label>
            <label>About you <textarea name="summary"></textarea></label>
            <label>Time zone <input name="timezone"></label>
            """ + FormPages.ADDRESS + """
            <label>Photo <input name="image" type="file" accept="image/jpeg,image/png"></label>
            <input type="submit" value="Register">
            </form>
            """;

    static final String ADD_EVENT = """
            <form id="add-event" method="post" action="/events" enctype="multipart/form-data">
            <label>Title <input name="title" maxlength="100"></label>
            <label>Summary <input name="summary" maxlength="100"></label>
            <label>Description <textarea name="description"></textarea></label>
            <label>Telephone <input name="telephone" maxlength="25"></label>
            <label>Time zone <input name="timezone"></label>
            <label>Date <input name="year" size="4"> <input name="month" size="2"> <input name="day" size="2"></label>
            <label>Time <input name="hour" size="2"> <input name="minute" size="2"></label>
            """ + FormPages.ADDRESS + """
            <label>Tags (space separated) <input name="tags"></label>
            <label>Image <input name="image" type="file" accept="image/jpeg,image/png"></label>
            <label>Literature <input name="literature" type="file" accept="application/pdf"></label>
            <input type="submit" value="Add event">
            </form>
            """;

    private static final String ADDRESS = """
            <label>Street <input name="street1" maxlength="55"></label>
            <label>Street (2) <input name="street2" maxlength="55"></label>
            <label>City <input name="city" maxlength="55"></label>
            <label>State <input name="state" maxlength="25"></label>
            <label>Zip <input name="zip" maxlength="12"></label>
            <label>Country <input name="country" maxlength="55"></label>
            """;

    private FormPages() {
    }
}
