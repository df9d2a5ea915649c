-- The header search (docs/navigation.md) asks each module's list for `%words%` matches; trigram indexes let
-- PostgreSQL answer those without reading every row of an organisation's vehicles, people, places, orders and jobs.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX vehicles_registration_trgm ON vehicles USING gin (registration gin_trgm_ops);
CREATE INDEX vehicles_identifier_name_trgm ON vehicles USING gin (identifier_name gin_trgm_ops);
CREATE INDEX vehicles_fleet_number_trgm ON vehicles USING gin (fleet_number gin_trgm_ops);
CREATE INDEX vehicles_chassis_number_trgm ON vehicles USING gin (chassis_number gin_trgm_ops);
CREATE INDEX vehicles_device_imei_trgm ON vehicles USING gin (device_imei gin_trgm_ops);

CREATE INDEX users_first_name_trgm ON users USING gin (first_name gin_trgm_ops);
CREATE INDEX users_last_name_trgm ON users USING gin (last_name gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_phone_trgm ON users USING gin (phone gin_trgm_ops);
CREATE INDEX users_personal_number_trgm ON users USING gin (personal_number gin_trgm_ops);

CREATE INDEX places_name_trgm ON places USING gin (name gin_trgm_ops);
CREATE INDEX places_category_trgm ON places USING gin (category gin_trgm_ops);
CREATE INDEX places_city_trgm ON places USING gin (city gin_trgm_ops);

CREATE INDEX tms_orders_order_id_trgm ON tms_orders USING gin (order_id gin_trgm_ops);
CREATE INDEX tms_orders_client_order_id_trgm ON tms_orders USING gin (client_order_id gin_trgm_ops);
CREATE INDEX tms_orders_customer_code_trgm ON tms_orders USING gin (customer_code gin_trgm_ops);
CREATE INDEX tms_orders_customer_name_trgm ON tms_orders USING gin (customer_name gin_trgm_ops);
CREATE INDEX tms_orders_region_trgm ON tms_orders USING gin (region gin_trgm_ops);

CREATE INDEX route_jobs_name_trgm ON route_jobs USING gin (name gin_trgm_ops);
CREATE INDEX route_jobs_address_trgm ON route_jobs USING gin (address gin_trgm_ops);
CREATE INDEX route_jobs_contact_name_trgm ON route_jobs USING gin (contact_name gin_trgm_ops);
