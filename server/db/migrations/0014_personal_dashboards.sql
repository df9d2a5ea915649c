-- Dashboard tiles belong to their user, so every role that sees the dashboard may arrange its own tiles:
-- dispatchers and viewers get dashboard:write (new organisations get it from the role catalogue). Roles an
-- administrator changed by hand keep their permissions unless they still have dashboard:read.
UPDATE roles SET permissions = array_append(permissions, 'dashboard:write')
 WHERE key IN ('dispatcher', 'viewer') AND 'dashboard:read' = ANY (permissions) AND NOT ('dashboard:write' = ANY (permissions));
