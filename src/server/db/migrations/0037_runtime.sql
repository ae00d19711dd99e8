-- Production runtime (issue 15). 接口文档 and 服务治理 become console screens on the server's own origin: BladeX
-- opened Swagger UI and Spring Boot Admin as other sites (http://localhost/swagger-ui.html, :7002), where nothing
-- answers here. An administrator who already re-pointed either menu keeps his URL.
update blade_menu set path = '/monitor/doc', is_open = 1
 where code = 'doc' and path = 'http://localhost/swagger-ui.html';
update blade_menu set path = '/monitor/admin', is_open = 1
 where code = 'admin' and path = 'http://localhost:7002';

-- The build whose seed a database has: a restart of the same build skips the seed (half a second of idempotent
-- inserts), an upgraded build runs it again and adds its new rows.
create table tenon_seed (
  build_id varchar(64) primary key,
  seeded_at timestamp(0) not null default localtimestamp(0)
);
