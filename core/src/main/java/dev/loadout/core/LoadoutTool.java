package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Names and describes a typed tool: on the record of its arguments (read by {@link TypedTool#builder(Class)}), or on
 * a method that takes such a record (read by {@link TypedTool#fromMethods(Object)}).
 *
 * <pre>
 * &#64;LoadoutTool(name = "get_weather", description = "The weather for a city, today or in the next days.")
 * record GetWeather(&#64;Description("City name, such as Oslo") String city, Optional&lt;Unit&gt; unit) {}
 * </pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface LoadoutTool {

  /**
   * The tool name, matching {@link ToolSpec#NAME_PATTERN}; empty (the default) derives it in snake case from the
   * record's simple name ({@code GetWeather} gives {@code get_weather}) or from the method's name.
   */
  String name() default "";

  /** The description the model reads; empty (the default) falls back to the record's {@link Description}. */
  String description() default "";
}
