-- Issue 37 part 3: a client's type (应用管理). A confidential client (a server) signs its token requests with its
-- secret; a public one (a browser or native app) holds none: it sends no secret (token_endpoint_auth_method none) and
-- must use PKCE S256. Rows without a secret were treated as public clients already.
alter table blade_client add column client_type varchar(16) not null default 'confidential';
update blade_client set client_type = 'public' where client_secret = '';
