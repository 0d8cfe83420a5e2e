/** The organisation registers' actions: users, roles, departments, posts, regions and the picker lookups. */
import './user.js';
import './role.js';
import './dept.js';
import './post.js';
import './region.js';
import './search.js';
