// Every test process loads the report catalogue once, as the server processes and the web build do.
import "../../server/report-catalogue";
